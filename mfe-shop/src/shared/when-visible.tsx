import { type ReactNode, useEffect, useRef, useState } from 'react';

interface WhenVisibleProps {
  children: ReactNode;
  /**
   * A class that keeps the space the content will take, so its arrival shifts nothing
   * above it. A class, not a style attribute: the page's CSP refuses inline styles.
   */
  placeholder: string | undefined;
}

/**
 * Renders its children once they come near the viewport. For heavy parts far down a
 * page (the home page's contact form and its validation): they load after the
 * first paint instead of competing with it on a slow connection.
 */
export function WhenVisible({ children, placeholder }: WhenVisibleProps) {
  const ref = useRef<HTMLDivElement>(null);
  // Browsers (and test DOMs) without IntersectionObserver get the content at once; the
  // server renders the placeholder, as a browser does before it scrolls.
  const [visible, setVisible] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  );

  useEffect(() => {
    const element = ref.current;
    if (!element || visible) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);

  return (
    <div ref={ref} className={visible ? undefined : placeholder}>
      {visible ? children : null}
    </div>
  );
}
