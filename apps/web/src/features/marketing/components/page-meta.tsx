import { createContext, useContext, useLayoutEffect } from 'react';

/** The build's prerender (app/prerender.tsx) is told the page's description while it renders it. */
export const PrerenderedHeadContext = createContext<((head: { description: string }) => void) | null>(null);

/**
 * A public page's `<title>` (React hoists it into <head>) and meta description. The description
 * rewrites index.html's single tag, restoring it on leaving, so a crawler never sees two; the
 * prerendered copy of the page gets it written into its HTML by the build.
 */
export function PageMeta({ title, description }: { title: string; description: string }) {
  useContext(PrerenderedHeadContext)?.({ description });

  useLayoutEffect(() => {
    const tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (tag === null) return;
    const previous = tag.content;
    tag.content = description;
    return () => {
      tag.content = previous;
    };
  }, [description]);

  return <title>{`${title} · Frameport`}</title>;
}
