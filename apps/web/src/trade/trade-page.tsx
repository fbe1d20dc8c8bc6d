// The trade's page: the open items of the vendor whose link this is, or why the link
// opens nothing (docs/decisions.md, The trade's own link).

import { useCallback, useEffect, useState } from 'react';
import type { TradeLinkRefusal } from '@field/domain';
import { ItemCard } from './item-card';
import type { Loaded, Sent } from './trade-api';
import { loadItems, tokenOfPage } from './trade-api';
import { day, t } from './texts';

function Refused({ reason }: { reason: TradeLinkRefusal }) {
  return (
    <section className="refused" data-refused={reason}>
      <h1>{t(`refused.${reason}.title`)}</h1>
      <p>{t(`refused.${reason}.body`)}</p>
    </section>
  );
}

export function TradePage() {
  const [token] = useState(tokenOfPage);
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined);
  const [notice, setNotice] = useState('');
  const reload = useCallback(() => {
    void loadItems(token).then(setLoaded);
  }, [token]);
  useEffect(reload, [reload]);

  const changed = (sent: Sent) => {
    if (sent === 'sent') setNotice(t('sent'));
    reload();
  };

  if (loaded === undefined) return <p role="status">{t('loading')}</p>;
  if (loaded.kind === 'refused') return <Refused reason={loaded.reason} />;
  if (loaded.kind === 'failed') {
    return (
      <section className="refused">
        <p role="alert">{t(loaded.tooMany ? 'tooMany' : 'loadFailed')}</p>
        <button type="button" onClick={reload}>
          {t('retry')}
        </button>
      </section>
    );
  }
  const { view } = loaded;
  return (
    <>
      <header className="bar">
        <h1>{t('title')}</h1>
        <p>{t('vendor', { name: view.vendor.name, trade: view.vendor.trade })}</p>
      </header>
      <main>
        <p className="summary">
          {t('count', { count: view.items.length })} · {t('until', { date: day(view.expiresAt) })}
        </p>
        {notice !== '' && (
          <p className="notice" role="status">
            {notice}
          </p>
        )}
        {view.items.length === 0 ? (
          <p className="empty">{t('empty')}</p>
        ) : (
          <ul className="items">
            {view.items.map((item) => (
              <ItemCard key={item.id} token={token} item={item} onChanged={changed} />
            ))}
          </ul>
        )}
      </main>
    </>
  );
}
