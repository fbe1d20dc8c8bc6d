// The trade page's texts (locales/en/trade.json) and the one function that fills them in:
// a page of its own, so it carries neither i18next nor the signed-in app's texts.

import texts from '../locales/en/trade.json';

type Vars = Readonly<Record<string, string | number>>;

function lookup(key: string): string | undefined {
  let node: unknown = texts;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part]; // Safe: an object, checked just above.
  }
  return typeof node === 'string' ? node : undefined;
}

/** The text under `key` with `{{name}}` filled in; `count` picks `_one` or `_other`. */
export function t(key: string, vars: Vars = {}): string {
  const count = vars['count'];
  const plural =
    typeof count === 'number' ? lookup(`${key}_${count === 1 ? 'one' : 'other'}`) : undefined;
  const text = plural ?? lookup(key) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

/** A `YYYY-MM-DD` or ISO date as the trade reads it: "Dec 24, 2026". */
export function day(value: string): string {
  const [year, month, date] = value.slice(0, 10).split('-').map(Number);
  if (year === undefined || month === undefined || date === undefined) return value;
  return new Date(year, month - 1, date).toLocaleDateString('en', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

/** Today where the phone is, `YYYY-MM-DD`. */
export function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
