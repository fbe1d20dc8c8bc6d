// The domain's schemas are written with zod's mini API: the classic API attaches every method
// to every schema it builds, which costs the web app's first load bytes and start-up time
// (docs/decisions.md, "zod/mini in the domain"). Mini carries no messages of its own, so the
// English ones of the classic API are set here, once, for every schema.

import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

z.config(en());

export { z };
