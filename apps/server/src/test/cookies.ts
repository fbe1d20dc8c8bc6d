// Cookies of answers, for tests that play the browser: read Set-Cookie and send Cookie.

export interface SetCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

export function setCookies(headers: Headers): SetCookie[] {
  return headers.getSetCookie().map((line) => {
    const [pair = '', ...rest] = line.split(';');
    const eq = pair.indexOf('=');
    const attributes: Record<string, string | true> = {};
    for (const part of rest) {
      const [key = '', ...value] = part.trim().split('=');
      attributes[key.toLowerCase()] = value.length === 0 ? true : value.join('=');
    }
    return {
      name: pair.slice(0, eq).trim(),
      value: decodeURIComponent(pair.slice(eq + 1).trim()),
      attributes,
    };
  });
}

/** The value a Set-Cookie of that name sets ('' when it clears it), or undefined. */
export function cookieValue(headers: Headers, name: string): string | undefined {
  return setCookies(headers).find((c) => c.name === name)?.value;
}

export function cookieHeader(cookies: Record<string, string>): Record<string, string> {
  return {
    cookie: Object.entries(cookies)
      .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
      .join('; '),
  };
}
