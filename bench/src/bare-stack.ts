// The Lighthouse bench's baseline from the same run: a bare sign-in page of the app's own
// stack (React and React DOM, React Router's data router, MUI's theme, CssBaseline, Paper,
// Stack, Typography, an outlined input per field and a button; no i18next, no zod, no app
// code), built by the same Vite with the same minifier and precompressed as the app's build
// is. Lighthouse's timings on this machine move by a third from one sitting to the next;
// the app's figures next to this page's, measured in the same minutes, move far less.
// What the page costs is the floor of the stack: what the app adds is the rest.
//
// Its source is written at bench time into node_modules/.cache (where the workspace's
// packages resolve from and no linter or formatter looks) and bundled like the other
// benches' pages (browser.ts); the libraries are those the web app depends on.

import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import { buildPage } from './browser.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The sign-in form, with the labels the app's has (the bench finds it by them). */
const ENTRY = `
import { createElement as h, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Button from '@mui/material/Button';

function Field({ id, label, type }) {
  return h(FormControl, { fullWidth: true, variant: 'outlined' },
    h(InputLabel, { htmlFor: id }, label),
    h(OutlinedInput, { id, label, type, name: id, autoComplete: id }));
}

function SignIn() {
  return h(Stack, { component: 'main', sx: { alignItems: 'center', p: 2 } },
    h(Paper, { sx: { p: 3, width: '100%', maxWidth: 420 } },
      h(Stack, { component: 'form', spacing: 2, onSubmit: (event) => event.preventDefault() },
        h(Typography, { variant: 'h5', component: 'h1' }, 'Sign in'),
        h(Typography, null, 'Sign in with your work email and password to see your homes.'),
        h(Field, { id: 'email', label: 'Email', type: 'email' }),
        h(Field, { id: 'password', label: 'Password', type: 'password' }),
        h(Button, { type: 'submit', variant: 'contained' }, 'Sign in'))));
}

const router = createBrowserRouter([{ path: '*', Component: SignIn }]);
createRoot(document.getElementById('root')).render(
  h(StrictMode, null,
    h(ThemeProvider, { theme: createTheme() }, h(CssBaseline), h(RouterProvider, { router }))));
`;

/** Every text file of the build, brotli 11 and gzip 9 beside it, as the app's build does. */
async function precompress(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(?:js|html)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = await readFile(file);
    if (bytes.length < 1024) continue;
    await writeFile(
      `${file}.br`,
      brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    await writeFile(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  }
}

/** Builds the bare page; returns the folder to serve (the server's WEB_DIST). */
export async function buildBareStack(): Promise<{ dist: string; remove: () => Promise<void> }> {
  const source = path.join(ROOT, 'node_modules/.cache/field-bench-bare-stack');
  await rm(source, { recursive: true, force: true });
  await mkdir(source, { recursive: true });
  const dist = await buildPage(source, {
    title: 'Sign in',
    entry: ENTRY,
    entryFile: 'entry.js',
    body: '<div id="root"></div>',
  });
  await precompress(dist);
  return { dist, remove: () => rm(source, { recursive: true, force: true }) };
}
