import { useEffect, useState } from 'react';

/** Copies text to the clipboard and says so for two seconds. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2_000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      aria-label={label}
      onClick={() => void navigator.clipboard.writeText(text).then(() => setCopied(true))}
      className="rounded-md bg-slate-700 px-2 py-1 text-sm font-semibold text-slate-50 hover:bg-slate-600"
    >
      <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
    </button>
  );
}
