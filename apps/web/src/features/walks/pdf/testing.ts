// Test data for the walk PDF: real PNG bytes made here (a minimal encoder writing stored,
// uncompressed zlib blocks), a real JPEG made by Chromium's canvas, and a walk of any size
// built from them, in the app's English words.

import { i18n, initI18n } from '../../../ui/i18n';
import type { WalkPdfInput } from '../../../lib/pdf/walk-pdf';
import { walkPdfWords } from './walk-pdf-words';

await initI18n();

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** zlib data in stored blocks: valid for any inflater, no compressor needed. */
function zlibStored(data: Uint8Array): Uint8Array {
  const blocks = Math.max(1, Math.ceil(data.length / 0xffff));
  const out = new Uint8Array(2 + blocks * 5 + data.length + 4);
  out.set([0x78, 0x01]);
  let at = 2;
  for (let b = 0; b < blocks; b += 1) {
    const part = data.subarray(b * 0xffff, (b + 1) * 0xffff);
    out[at] = b === blocks - 1 ? 1 : 0;
    out.set(
      [part.length & 0xff, part.length >> 8, ~part.length & 0xff, (~part.length >> 8) & 0xff],
      at + 1,
    );
    out.set(part, at + 5);
    at += 5 + part.length;
  }
  let a = 1;
  let c = 0;
  for (const byte of data) {
    a = (a + byte) % 65521;
    c = (c + a) % 65521;
  }
  new DataView(out.buffer).setUint32(at, ((c << 16) | a) >>> 0);
  return out;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** An RGBA PNG whose pixels `paint(x, y)` gives as [r, g, b, a]. */
function encodePng(
  width: number,
  height: number,
  paint: (x: number, y: number) => readonly [number, number, number, number],
): Uint8Array {
  const raw = new Uint8Array(height * (1 + width * 4));
  for (let y = 0; y < height; y += 1) {
    const row = y * (1 + width * 4);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x += 1) raw.set(paint(x, y), row + 1 + x * 4);
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter, no interlace
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlibStored(raw)),
    chunk('IEND', new Uint8Array()),
  ];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    png.set(part, at);
    at += part.length;
  }
  return png;
}

/** A photo-like PNG: a sky-to-ground gradient with a box whose colour varies by `seed`. */
export function photoPng(seed: number, width = 160, height = 120): Uint8Array {
  return encodePng(width, height, (x, y) => {
    const inBox = x > width * 0.3 && x < width * 0.7 && y > height * 0.4 && y < height * 0.85;
    if (inBox) return [(seed * 53) % 256, (seed * 97) % 256, (seed * 31) % 256, 255];
    return [70 + (y * 120) / height, 110 + (x * 60) / width, 200 - (y * 120) / height, 255];
  });
}

/** A drawn signature: a dark wave on a transparent background, as a signature pad gives. */
function signaturePng(seed: number): Uint8Array {
  const width = 300;
  const height = 100;
  return encodePng(width, height, (x, y) => {
    const wave = height / 2 + Math.sin((x + seed * 17) / (12 + seed)) * 28 * Math.sin(x / 90);
    return Math.abs(y - wave) < 2.2 ? [20, 30, 60, 255] : [255, 255, 255, 0];
  });
}

// 48x36 baseline JPEG from Chromium's canvas (toDataURL('image/jpeg', 0.6)).
const JPEG_BASE64 =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAkADADASIAAhEBAxEB/8QAGgAAAgMBAQAAAAAAAAAAAAAAAwYAAQUHBP/EACwQAAIBAgQDBgcAAAAAAAAAAAABAgQRAwUGEhMURCExgqPB0SJBQmFxouL/xAAVAQEBAAAAAAAAAAAAAAAAAAAEA//EABsRAQEAAwADAAAAAAAAAAAAAAIAAQMREiEi/9oADAMBAAIRAxEAPwDxxiFiiooLFCm4pNcUVj1WBS7ePPZuvbsb7vwFijI1GrKm8XoFS7nkg4vfHN8vXUfpL2NSKEI6DFBt/wA1tfuyYoa1pG3XeT/QsRQ+LPsrfU+XL2FtRwbEr9PcjRYlTzXE2W+Hh2vdpd9/uJepVZU3j9DombZrQ1WWYuDgY+6cttlskvqT+aF6KDN4Oe4rk9xIB0WKKigsUE37vOvr18siKCxRCDnFMaKCxRCA3IMWIWKIQG5Bv//Z';

export function photoJpeg(): Uint8Array {
  return Uint8Array.from(atob(JPEG_BASE64), (c) => c.charCodeAt(0));
}

const RESULTS = ['pass', 'fail', 'na', null] as const;

/** A closing walk with `items` punch items carrying `photos` photos between them. */
export function buildTestWalk({ items = 30, photos = 20 } = {}): WalkPdfInput {
  // Uneven counts (5, 3, 1, 4, 2, ...) so photo rows fill, wrap and stay short.
  const photoCounts: number[] = [];
  for (let left = photos, i = 0; left > 0 && i < items; i += 1) {
    const count = Math.min(left, [5, 3, 1, 4, 2][i % 5] ?? 1);
    photoCounts.push(count);
    left -= count;
  }
  return {
    words: walkPdfWords(i18n.t),
    company: 'Field App',
    appVersion: '2.0.7 (built 2025-03-11)',
    home: {
      address: '1418 Juniper Ridge Ln, Austin, TX 78745',
      homeId: 'H-2291',
      homeRid: 'R-88310',
    },
    walk: {
      id: 'walk-0f3c',
      title: 'Final punch walk',
      date: '2025-03-11T14:05:00.000Z',
      notes:
        'Buyer asked for the garage side door to be re-hung before closing.\nTouch-up paint scheduled for Friday; landscaping crew to reseed the north side.',
    },
    staff: [
      { label: 'Walked by', name: 'Sam Super' },
      { label: 'Customer service', name: 'Casey Care' },
      { label: 'Project manager', name: 'Morgan Manager' },
    ],
    checklist: [
      {
        title: 'Exterior',
        lines: Array.from({ length: 8 }, (_, i) => ({
          label: `Exterior check ${i + 1}: siding, trim and caulk on elevation ${i + 1}`,
          result: RESULTS[i % RESULTS.length] ?? null,
          ...(i % 3 === 1 ? { note: `Gap at the corner board, about ${i} mm` } : {}),
        })),
      },
      {
        title: 'Interior',
        lines: Array.from({ length: 10 }, (_, i) => ({
          label: `Interior check ${i + 1}: doors, drywall and paint in room ${i + 1}`,
          result: RESULTS[(i + 1) % RESULTS.length] ?? null,
          ...(i % 4 === 0 ? { note: 'Scuff by the light switch' } : {}),
        })),
      },
    ],
    items: Array.from({ length: items }, (_, i) => ({
      name: i === 0 ? 'Garage side door rubs at the head' : `Punch item number ${i + 1}`,
      category: ['Doors', 'Paint', 'Drywall', 'Flooring', 'Electrical'][i % 5] ?? 'Other',
      location: ['Garage', 'Kitchen', 'Primary bedroom', 'Hall bath', 'Exterior'][i % 5] ?? '',
      status: i % 4 === 0 ? 'Completed' : 'Open',
      photos: Array.from({ length: photoCounts[i] ?? 0 }, (_, p) =>
        (i + p) % 2 === 0
          ? { bytes: photoPng(i * 4 + p), type: 'image/png' }
          : { bytes: photoJpeg(), type: 'image/jpeg' },
      ),
    })),
    signatures: [
      {
        label: 'Buyer',
        name: 'Jordan Buyer',
        signedAt: '2025-03-11T15:42:10.000Z',
        png: signaturePng(1),
      },
      {
        label: 'Superintendent',
        name: 'Sam Super',
        signedAt: '2025-03-11T15:44:00.000Z',
        png: signaturePng(2),
      },
    ],
    generatedAt: '2025-03-11T15:45:30.000Z',
  };
}
