import { memo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cn } from '../../../components/ui/cn';
import './markdown.css';

/** Links open in a new tab and give the opened page no hold on this one (DESIGN §4). */
const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
};
const plugins = [remarkGfm];

/**
 * A step's description as Markdown (GFM: lists, tables, task lists, autolinks). Raw HTML in the
 * text is never rendered: react-markdown shows it as the text it is, and drops unsafe link
 * protocols (`javascript:`), so a step cannot inject markup or script.
 */
export const Markdown = memo(function Markdown({
  children,
  className,
}: {
  children: string;
  className?: string;
}) {
  return (
    <div className={cn('markdown', className)}>
      <ReactMarkdown remarkPlugins={plugins} components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
});
