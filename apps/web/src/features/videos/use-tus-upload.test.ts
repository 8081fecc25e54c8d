import type { PreviousUpload } from 'tus-js-client';
import { describe, expect, it } from 'vitest';
import { findUnfinishedUploads } from './use-tus-upload';

/** An upload as tus remembers it in the browser, started by `presenter` (undefined: before they said). */
const remembered = (title: string, presenter?: string): PreviousUpload => ({
  size: 1000,
  metadata: { filename: `${title}.mp4`, title, ...(presenter ? { presenter } : {}) },
  creationTime: new Date().toString(),
  uploadUrl: `http://localhost/v1/uploads/${title}`,
  urlStorageKey: `tus::${title}`,
  parallelUploadUrls: null,
});

describe('findUnfinishedUploads', () => {
  it("offers a presenter their own unfinished uploads only, not another's in a shared browser", async () => {
    const storage = {
      findAllUploads: async () => [remembered('Mine', 'p1'), remembered('Theirs', 'p2'), remembered('Whose')],
    };
    expect((await findUnfinishedUploads('p1', storage)).map((u) => u.title)).toEqual(['Mine']);
    expect((await findUnfinishedUploads('p2', storage)).map((u) => u.title)).toEqual(['Theirs']);
  });
});
