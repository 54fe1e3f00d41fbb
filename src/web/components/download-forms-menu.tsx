import { useEffect, useRef } from 'react';
import { PUBLIC_DOWNLOADS, publicDownloadUrl } from '../../contract/public-downloads.contract';
import classes from './download-forms-menu.module.css';

/**
 * The header's Download Forms menu: a native disclosure (<details>) of plain download links, so it works before
 * (and without) the page's script. The script only adds what people expect of a menu: Escape and a click
 * outside close it.
 */
export function DownloadFormsMenu({ label = 'Download Forms' }: { label?: string }) {
  const ref = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        details.open = false;
        details.querySelector('summary')?.focus();
      } else if (!details.contains(event.target as Node)) {
        details.open = false;
      }
    };
    document.addEventListener('keydown', close);
    document.addEventListener('click', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('click', close);
    };
  }, []);

  return (
    <details ref={ref} className={classes.menu}>
      <summary className={classes.summary}>{label}</summary>
      <ul className={classes.panel} aria-label={label}>
        {PUBLIC_DOWNLOADS.map((d) => (
          <li key={d.name}>
            <a className={classes.link} href={publicDownloadUrl(d.name)} download={d.name}>
              {d.title} (PDF)
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
