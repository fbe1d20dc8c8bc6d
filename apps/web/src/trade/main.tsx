// The trade's page, an entry of its own (trade.html; docs/decisions.md, The trade's own
// link): plain React, no MUI, no router, no offline engine and none of the signed-in app,
// so a phone on a weak network loads a fraction of the app's first load.

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { TradePage } from './trade-page';

const root = document.getElementById('root');
if (root !== null) {
  createRoot(root).render(
    <StrictMode>
      <TradePage />
    </StrictMode>,
  );
}
