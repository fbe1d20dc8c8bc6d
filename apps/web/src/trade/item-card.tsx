// One open item on the trade's page: where, what, by when, its photos and the
// superintendent to call; an outstanding one can be marked ready with a note and a photo.

import { useEffect, useState } from 'react';
import type { TradeItem } from '@field/domain';
import type { Sent } from './trade-api';
import { loadPhoto, markReady, photoData } from './trade-api';
import { day, t, today } from './texts';

function Photos({ token, item }: { token: string; item: TradeItem }) {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    const made: string[] = [];
    void Promise.all(
      item.photos.map((photo) => loadPhoto(token, item.id, photo.key).catch(() => '')),
    ).then((loaded) => {
      made.push(...loaded.filter(Boolean));
      if (live) setUrls(made);
      else made.forEach((url) => URL.revokeObjectURL(url));
    });
    return () => {
      live = false;
      made.forEach((url) => URL.revokeObjectURL(url));
    };
  }, [token, item]);
  if (urls.length === 0) return null;
  return (
    <ul className="photos" aria-label={t('photos', { item: item.description })}>
      {urls.map((url, index) => (
        <li key={url}>
          <a href={url} target="_blank" rel="noreferrer">
            <img src={url} alt={t('photoAlt', { number: index + 1, item: item.description })} />
          </a>
        </li>
      ))}
    </ul>
  );
}

function ReadyForm(props: {
  token: string;
  item: TradeItem;
  onDone: (sent: Sent) => void;
  onCancel: () => void;
}) {
  const [note, setNote] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState('');
  const [sending, setSending] = useState(false);
  const id = props.item.id;
  const submit = async () => {
    if (note.trim() === '') return setProblem(t('needNote'));
    if (file === null) return setProblem(t('needPhoto'));
    setProblem('');
    setSending(true);
    const sent = await markReady(props.token, id, {
      note: note.trim(),
      photo: await photoData(file),
    });
    setSending(false);
    if (sent === 'failed') setProblem(t('failed'));
    else props.onDone(sent);
  };
  return (
    <form
      className="ready"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={`note-${id}`}>{t('note')}</label>
      <textarea
        id={`note-${id}`}
        rows={3}
        maxLength={2000}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <label htmlFor={`photo-${id}`}>{t('photo')}</label>
      <input
        id={`photo-${id}`}
        type="file"
        accept="image/*"
        capture="environment"
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
      />
      {problem !== '' && (
        <p className="problem" role="alert">
          {problem}
        </p>
      )}
      <div className="buttons">
        <button type="button" className="secondary" onClick={props.onCancel} disabled={sending}>
          {t('cancel')}
        </button>
        <button type="submit" disabled={sending}>
          {sending ? t('sending') : t('send')}
        </button>
      </div>
    </form>
  );
}

function Contact({ contact }: { contact: NonNullable<TradeItem['contact']> }) {
  return (
    <p className="contact">
      <span>{t('contact', { name: contact.name })}</span>
      {contact.phone !== null && <a href={`tel:${contact.phone}`}>{t('call')}</a>}
      {contact.email !== null && <a href={`mailto:${contact.email}`}>{t('mail')}</a>}
    </p>
  );
}

export function ItemCard(props: {
  token: string;
  item: TradeItem;
  onChanged: (sent: Sent) => void;
}) {
  const { item } = props;
  const [open, setOpen] = useState(false);
  const overdue = item.dueDate !== null && item.dueDate.slice(0, 10) < today();
  const ready = item.status === 'Ready for review';
  return (
    <li className="item" data-item={item.id} data-status={item.status}>
      <div className="top">
        <h2>{item.address}</h2>
        <span className={ready ? 'chip ready' : 'chip'}>{t(`status.${item.status}`)}</span>
      </div>
      <p className="where">
        {t('location', { walk: t(`walk.${item.walk}`), location: item.location })}
      </p>
      <p className="what">{item.description}</p>
      <p className={overdue ? 'due overdue' : 'due'}>
        {item.dueDate === null
          ? t('noDue')
          : t(overdue ? 'overdue' : 'due', { date: day(item.dueDate) })}
      </p>
      {!ready && item.returnReason !== null && (
        <p className="back">{t('sentBack', { reason: item.returnReason })}</p>
      )}
      {ready && item.reviewNote !== null && (
        <p className="note">
          {t('yourNote', { note: item.reviewNote })} {t('waiting')}
        </p>
      )}
      <Photos token={props.token} item={item} />
      {item.contact !== null && <Contact contact={item.contact} />}
      {!ready && !open && (
        <button type="button" className="wide" onClick={() => setOpen(true)}>
          {t('markReady')}
        </button>
      )}
      {!ready && open && (
        <ReadyForm
          token={props.token}
          item={item}
          onCancel={() => setOpen(false)}
          onDone={(sent) => {
            setOpen(false);
            props.onChanged(sent);
          }}
        />
      )}
    </li>
  );
}
