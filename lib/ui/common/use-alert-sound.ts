import { useCallback, useEffect, useRef, useState } from 'react';

const ALERT_SOUND = '/sounds/alert.wav';

interface NavigatorWithAutoplayPolicy {
  getAutoplayPolicy?(type: 'mediaelement'): 'allowed' | 'allowed-muted' | 'disallowed';
}

/**
 * One reusable audio element for alert chimes. Browsers refuse sound until
 * someone interacts with the page, so `unlock` must run from a tap or click;
 * `unlocked` says whether `play` will be heard.
 */
export function useAlertSound(): { unlocked: boolean; unlock(): void; play(): void } {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [unlocked, setUnlocked] = useState(false);

  useEffect(() => {
    const element = new Audio(ALERT_SOUND);
    element.preload = 'auto';
    audio.current = element;
    const policy = (navigator as NavigatorWithAutoplayPolicy).getAutoplayPolicy?.('mediaelement');
    if (policy === 'allowed') setUnlocked(true);
    return () => {
      element.pause();
      element.removeAttribute('src');
      audio.current = null;
    };
  }, []);

  const unlock = useCallback(() => {
    const element = audio.current;
    if (!element) return;
    element.muted = true;
    element
      .play()
      .then(() => {
        element.pause();
        element.currentTime = 0;
        setUnlocked(true);
      })
      .catch(() => setUnlocked(false))
      .finally(() => {
        element.muted = false;
      });
  }, []);

  const play = useCallback(() => {
    const element = audio.current;
    if (!element) return;
    element.currentTime = 0;
    element.play().catch(() => setUnlocked(false));
  }, []);

  return { unlocked, unlock, play };
}
