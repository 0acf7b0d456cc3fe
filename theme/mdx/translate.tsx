import { Fragment, type ReactNode } from 'react';
import { codeTranslation, useMdxSite } from './context.tsx';

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
 * Docusaurus's `<Translate>`: the locale's message of `id` from its `code.json` (the id is the
 * children's text when there is no `id`, as Docusaurus keys it), else the children, with
 * `{placeholders}` filled from `values`.
 */
export default function Translate({ children, id, values }: { children?: string; id?: string; description?: string; values?: Record<string, ReactNode> }) {
  const { i18n } = useMdxSite();
  const key = id ?? children;
  const message = (key !== undefined ? i18n.messages?.[key] : undefined) ?? children ?? '';
  return <>{interpolate(message, values)}</>;
}

/** Docusaurus's `translate({ message, id }, values)`: the locale's message (`code.json`), else `message`, placeholders filled (strings only). */
export function translate({ message, id }: { message: string; id?: string; description?: string }, values?: Record<string, string | number>): string {
  const text = codeTranslation(id ?? message) ?? message;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (values && name in values ? String(values[name]) : whole));
}
