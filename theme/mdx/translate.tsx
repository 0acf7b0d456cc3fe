import { Fragment, type ReactNode } from 'react';

/** `{name}` placeholders of a message, filled from `values` (Docusaurus's `interpolate`). */
function interpolate(message: string, values?: Record<string, ReactNode>): ReactNode {
  if (!values) return message;
  const parts = message.split(/(\{\w+\})/g).map((part, i) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    return name !== undefined && name in values ? <Fragment key={i}>{values[name]}</Fragment> : part;
  });
  return parts.every((p) => typeof p === 'string') ? parts.join('') : <>{parts}</>;
}

/**
 * Docusaurus's `<Translate>`: sitegen builds one locale, so the text is the message itself
 * (the children, or `description`-free `message`), with `{placeholders}` filled from `values`.
 */
export default function Translate({ children, values }: { children?: string; id?: string; description?: string; values?: Record<string, ReactNode> }) {
  return <>{interpolate(children ?? '', values)}</>;
}

/** Docusaurus's `translate({ message, id }, values)`: the message, placeholders filled (strings only). */
export function translate({ message }: { message: string; id?: string; description?: string }, values?: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (values && name in values ? String(values[name]) : whole));
}
