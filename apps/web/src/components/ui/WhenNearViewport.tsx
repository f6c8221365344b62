import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Shows `placeholder` until the place it holds comes within `margin` of the
 * viewport, then `children`. A heavy part of a page (a map and its data) that
 * starts below the fold on a phone then does not compete with what the
 * reader sees first; where it is on screen at once, it loads at once.
 */
export function WhenNearViewport({ children, placeholder, margin = '300px' }: { children: ReactNode; placeholder: ReactNode; margin?: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = holder.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return near ? <>{children}</> : <div ref={holder}>{placeholder}</div>;
}
