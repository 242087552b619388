import { useEffect, useRef, useState, type RefObject } from 'react';

/** Width / height of an element, kept current as the screen or the layout changes. */
export function useAreaAspect<T extends HTMLElement>(fallback: number): [RefObject<T | null>, number] {
  const ref = useRef<T | null>(null);
  const [aspect, setAspect] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      const box = entry?.contentRect;
      if (box && box.height > 0) setAspect(box.width / box.height);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, aspect];
}
