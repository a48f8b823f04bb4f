import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import ReactMarkdown, { defaultUrlTransform, type Components, type UrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { M } from '../../../shared/messages';
import { cn } from '../lib/cn';

/**
 * Markdown written by staff (flow steps), shown in the hub and the client portal. Safe by construction:
 * - raw HTML in the text is never parsed into elements: react-markdown turns it into plain text (no rehype-raw, ever);
 * - links keep only http(s) and mailto addresses, images only http(s); anything else (javascript:, data:, relative
 *   paths into the hub) loses its address;
 * - links open in a new tab without access to this page (rel="noopener noreferrer").
 */
const LINK = /^(https?:|mailto:)/i;
const IMAGE = /^https?:/i;

const safeUrl: UrlTransform = (url, key) => {
  const checked = defaultUrlTransform(url).trim();
  if (!checked) return '';
  return (key === 'src' ? IMAGE : LINK).test(checked) ? checked : '';
};

type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
const headingClass: Record<number, string> = {
  1: 'mt-5 mb-2 text-lg font-bold tracking-tight text-slate-900 first:mt-0',
  2: 'mt-5 mb-2 text-base font-semibold text-slate-900 first:mt-0',
  3: 'mt-4 mb-1.5 text-sm font-semibold text-slate-900 first:mt-0',
  4: 'mt-4 mb-1 text-sm font-semibold text-slate-800 first:mt-0',
  5: 'mt-3 mb-1 text-sm font-medium text-slate-700 first:mt-0',
  6: 'mt-3 mb-1 text-sm font-medium text-slate-600 first:mt-0',
};

/** A markdown heading: its look follows the author's level, its tag is shifted to fit the page's outline. */
function heading(level: number, shift: number) {
  const tag = `h${Math.min(6, level + shift)}` as HeadingTag;
  // biome-ignore lint/correctness/noComponentHookFactories: made once per heading level and shift (components() below), never during a render
  return function Heading({ node: _node, className, ...props }: ComponentPropsWithoutRef<'h1'> & { node?: unknown }) {
    const Tag = tag;
    return <Tag className={cn(headingClass[level], className)} {...props} />;
  };
}

function components(shift: number): Components {
  return {
    h1: heading(1, shift),
    h2: heading(2, shift),
    h3: heading(3, shift),
    h4: heading(4, shift),
    h5: heading(5, shift),
    h6: heading(6, shift),
    p: ({ node: _node, ...props }) => <p className="my-2 first:mt-0 last:mb-0" {...props} />,
    a: ({ node: _node, href, children, ...props }) =>
      href ? (
        <a
          {...props}
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className="rounded-sm font-medium text-brand-700 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        >
          {children}
          <span className="sr-only"> {M.common.opensInNewTab}</span>
        </a>
      ) : (
        // An address that was refused: the words stay, the link goes.
        <span>{children}</span>
      ),
    ul: ({ node: _node, ...props }) => (
      <ul className="my-2 list-disc space-y-1 pl-5 marker:text-slate-400" {...props} />
    ),
    ol: ({ node: _node, ...props }) => (
      <ol className="my-2 list-decimal space-y-1 pl-5 marker:text-slate-500" {...props} />
    ),
    li: ({ node: _node, ...props }) => <li className="pl-0.5 [&>ul]:my-1 [&>ol]:my-1" {...props} />,
    blockquote: ({ node: _node, ...props }) => (
      <blockquote className="my-3 border-l-4 border-slate-200 pl-4 text-slate-600 italic" {...props} />
    ),
    hr: () => <hr className="my-5 border-slate-200" />,
    strong: ({ node: _node, ...props }) => <strong className="font-semibold text-slate-900" {...props} />,
    code: ({ node: _node, className, ...props }) => (
      <code
        className={cn(
          'rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800 [pre_&]:bg-transparent [pre_&]:p-0',
          className,
        )}
        {...props}
      />
    ),
    pre: ({ node: _node, ...props }) => (
      <pre
        className="my-3 overflow-x-auto rounded-lg bg-slate-50 p-3 text-xs leading-5 ring-1 ring-slate-200"
        {...props}
      />
    ),
    img: ({ node: _node, src, alt }) =>
      src ? <img src={String(src)} alt={alt ?? ''} loading="lazy" className="my-3 max-w-full rounded-lg" /> : null,
    table: ({ node: _node, ...props }) => (
      <div className="my-3 overflow-x-auto">
        <table className="min-w-full border-collapse text-left text-sm" {...props} />
      </div>
    ),
    th: ({ node: _node, ...props }) => (
      <th className="border-b border-slate-300 px-2 py-1.5 font-semibold text-slate-900" {...props} />
    ),
    td: ({ node: _node, ...props }) => <td className="border-b border-slate-100 px-2 py-1.5" {...props} />,
    input: ({ node: _node, ...props }) => (
      <input {...props} disabled className="mr-1.5 align-middle accent-brand-600" />
    ),
  };
}

const byShift = new Map<number, Components>();

type MarkdownProps = {
  children: string;
  className?: string;
  /** Moves the heading tags down (2: '# Title' becomes an h3), so content sits under the page's own headings. */
  shiftHeadings?: number;
  /** Shown when the text is empty. */
  empty?: ReactNode;
};

/** Renders staff-written markdown (GitHub flavour: tables, task lists, strikethrough), sanitised. */
export function Markdown({ children, className, shiftHeadings = 0, empty = null }: MarkdownProps) {
  if (!children.trim()) return <>{empty}</>;
  let map = byShift.get(shiftHeadings);
  if (!map) byShift.set(shiftHeadings, (map = components(shiftHeadings)));
  return (
    <div className={cn('text-sm leading-6 break-words text-slate-700', className)}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} urlTransform={safeUrl} components={map}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
