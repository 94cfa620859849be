import { useLayoutEffect } from 'react';

/**
 * A public page's `<title>` (React hoists it into <head>) and meta description. The description
 * rewrites index.html's single tag, restoring it on leaving, so a crawler never sees two.
 */
export function PageMeta({ title, description }: { title: string; description: string }) {
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
