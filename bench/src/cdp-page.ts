// A Chromium page driven over the DevTools protocol with only the domains a bench needs
// (Page, Runtime, Input, Emulation): no Network domain. Playwright enables Network on every
// page, and Chromium's network agent then keeps a copy of every answer's body on the
// page's main thread: reading the 6 MB homes list took tasks of 85–170 ms with it and none
// over 70 ms without (docs/performance.md). A bench that counts the app's long tasks runs
// its page here, so it counts what a user's browser does.

import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { CHROMIUM, CHROMIUM_ARGS } from './browser.js';

interface CdpAnswer {
  id: number;
  result?: unknown;
  error?: { message: string };
}

interface EvaluateResult {
  result?: { value?: unknown };
  exceptionDetails?: { text: string; exception?: { description?: string } };
}

/** A key as Input.dispatchKeyEvent needs it. */
function keyOf(key: string): { key: string; code: string; text?: string; vk: number } {
  if (key === 'Backspace') return { key, code: 'Backspace', vk: 8 };
  if (key === ' ') return { key, code: 'Space', text: ' ', vk: 32 };
  if (/^[0-9]$/.test(key)) return { key, code: `Digit${key}`, text: key, vk: key.charCodeAt(0) };
  if (/^[a-z]$/.test(key)) {
    return { key, code: `Key${key.toUpperCase()}`, text: key, vk: key.toUpperCase().charCodeAt(0) };
  }
  throw new Error(`no key code for ${JSON.stringify(key)}`);
}

export class CdpPage {
  private next = 0;
  private readonly waiting = new Map<number, (answer: CdpAnswer) => void>();

  private constructor(
    private readonly socket: WebSocket,
    private readonly chromium: ChildProcess,
    private readonly profile: string,
  ) {
    socket.on('message', (data: Buffer) => {
      const answer = JSON.parse(data.toString('utf8')) as CdpAnswer; // The protocol's own shape.
      this.waiting.get(answer.id)?.(answer);
      this.waiting.delete(answer.id);
    });
  }

  /**
   * Starts a Chromium of its own (fresh profile) with one page of `width` x `height`, with
   * `extraArgs` after the bench's usual flags.
   */
  static async launch(
    width: number,
    height: number,
    extraArgs: readonly string[] = [],
  ): Promise<CdpPage> {
    const profile = await mkdtemp(path.join(tmpdir(), 'field-bench-cdp-'));
    const chromium = spawn(
      CHROMIUM,
      [
        '--headless',
        ...CHROMIUM_ARGS,
        '--remote-debugging-port=0',
        `--user-data-dir=${profile}`,
        `--window-size=${width},${height}`,
        ...extraArgs,
        'about:blank',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const browserUrl = await new Promise<string>((resolve, reject) => {
      let seen = '';
      const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${seen}`)), 30_000);
      chromium.stderr?.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        const found = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
        if (found?.[1] !== undefined) {
          clearTimeout(timer);
          resolve(found[1]);
        }
      });
      chromium.once('exit', (code) => reject(new Error(`Chromium exited ${code}: ${seen}`)));
    });
    const { host } = new URL(browserUrl);
    const targets = (await (await fetch(`http://${host}/json/list`)).json()) as Array<{
      type: string;
      webSocketDebuggerUrl: string;
    }>;
    const target = targets.find((t) => t.type === 'page');
    if (target === undefined) throw new Error('Chromium opened no page');
    const socket = new WebSocket(target.webSocketDebuggerUrl, { perMessageDeflate: false });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const page = new CdpPage(socket, chromium, profile);
    await page.send('Page.enable');
    await page.send('Emulation.setDeviceMetricsOverride', {
      width,
      height,
      deviceScaleFactor: 1,
      mobile: false,
    });
    return page;
  }

  send(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    this.next += 1;
    const id = this.next;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (answer) => {
        if (answer.error === undefined) resolve(answer.result);
        else reject(new Error(`${method}: ${answer.error.message}`));
      });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /** The value of a script run in the page (promises awaited), as JSON. */
  async evaluate<T>(expression: string): Promise<T> {
    const answer = (await this.send('Runtime.evaluate', {
      expression,
      awaitPromise: true,
      returnByValue: true,
    })) as EvaluateResult;
    if (answer.exceptionDetails !== undefined) {
      const { text, exception } = answer.exceptionDetails;
      throw new Error(`${exception?.description ?? text} in ${expression.slice(0, 200)}`);
    }
    return answer.result?.value as T; // The caller names what its script returns.
  }

  /** Runs `source` in every document of the page before its own scripts. */
  async beforeEachDocument(source: string): Promise<void> {
    await this.send('Page.addScriptToEvaluateOnNewDocument', { source });
  }

  async goto(url: string): Promise<void> {
    await this.send('Page.navigate', { url });
    await this.waitFor(`document.readyState === 'complete' && location.href !== 'about:blank'`);
  }

  /** Waits until `expression` is true in the page (polled every 50 ms). */
  async waitFor(expression: string, timeoutMs = 180_000): Promise<void> {
    const start = Date.now();
    while (Date.now() - start < timeoutMs) {
      if (await this.evaluate<boolean>(`Boolean(${expression})`).catch(() => false)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`waited ${timeoutMs} ms for ${expression}`);
  }

  /** A real mouse click in the middle of the element `element` (a script) gives. */
  async click(element: string): Promise<void> {
    await this.waitFor(element);
    const [x, y] = await this.evaluate<[number, number]>(`(() => {
      const box = (${element}).getBoundingClientRect();
      return [box.x + box.width / 2, box.y + box.height / 2];
    })()`);
    for (const type of ['mouseMoved', 'mousePressed', 'mouseReleased']) {
      await this.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', clickCount: 1 });
    }
  }

  /** Text put into the focused field at once (as a paste would). */
  async insertText(text: string): Promise<void> {
    await this.send('Input.insertText', { text });
  }

  /** Keys typed one at a time, `delayMs` apart, into the focused field. */
  async typeKeys(keys: readonly string[], delayMs: number): Promise<void> {
    for (const name of keys) {
      const { key, code, text, vk } = keyOf(name);
      const common = { key, code, windowsVirtualKeyCode: vk, nativeVirtualKeyCode: vk };
      await this.send('Input.dispatchKeyEvent', {
        type: text === undefined ? 'rawKeyDown' : 'keyDown',
        ...common,
        ...(text === undefined ? {} : { text, unmodifiedText: text }),
      });
      await this.send('Input.dispatchKeyEvent', { type: 'keyUp', ...common });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }

  async close(): Promise<void> {
    this.socket.close();
    const exited = new Promise((resolve) => this.chromium.once('exit', resolve));
    this.chromium.kill();
    await exited;
    await rm(this.profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}
