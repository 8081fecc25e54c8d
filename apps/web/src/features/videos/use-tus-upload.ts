import { useCallback, useEffect, useRef, useState } from 'react';
import * as tus from 'tus-js-client';
import { API_BASE } from '../../lib/api-client';
import { getToken } from '../../lib/auth-token';

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading' | 'paused'; sent: number; total: number; bytesPerSecond: number; resumed: boolean }
  | { status: 'done'; uploadId: string; total: number }
  /** `refused`: the server will not take this file (another file may do); otherwise worth trying again. */
  | { status: 'error'; message: string; refused: boolean };

const CHUNK_BYTES = 64 * 1024 * 1024;

/** The server's `{ message }` from a refused tus request, or a sentence about the network. */
function messageOf(error: Error) {
  const response = (error as tus.DetailedError).originalResponse;
  const body = response?.getBody();
  if (body) {
    try {
      return (JSON.parse(body) as { message?: string }).message ?? body;
    } catch {
      return body;
    }
  }
  return 'The upload was interrupted. Check your connection, then resume.';
}

const statusOf = (error: Error) => (error as tus.DetailedError).originalResponse?.getStatus() ?? 0;

/** Worth retrying: no answer, a server failure, or a moment's conflict (409 offset, 423 busy, 429). */
const isTransient = (status: number) =>
  status === 0 || status >= 500 || status === 409 || status === 423 || status === 429;

/** The server will not take this upload whatever happens next (401 only needs a new sign-in). */
const isRefusal = (error: Error) => {
  const status = statusOf(error);
  return !isTransient(status) && status !== 401;
};

async function forgetUploadsOf(upload: tus.Upload) {
  const stored = await upload.findPreviousUploads().catch(() => []);
  for (const previous of stored) {
    await tus.defaultOptions.urlStorage.removeUpload(previous.urlStorageKey).catch(() => undefined);
  }
}

/** An unfinished upload remembered by this browser (tus keeps them in localStorage). */
export type PreviousUpload = {
  filename: string;
  title: string;
  description: string;
  size: number;
  createdAt: string;
};

/**
 * This presenter's unfinished uploads. The browser may be shared: another presenter's (their film's name)
 * are not shown, nor those from before uploads carried whose they are.
 */
export async function findUnfinishedUploads(
  presenterId: string,
  storage: Pick<tus.UrlStorage, 'findAllUploads'> = tus.defaultOptions.urlStorage,
): Promise<PreviousUpload[]> {
  const stored = await storage.findAllUploads().catch(() => []);
  return stored
    .filter((u) => u.metadata.presenter === presenterId)
    .map((u) => ({
      filename: u.metadata.filename ?? 'film',
      title: u.metadata.title ?? '',
      description: u.metadata.description ?? '',
      size: u.size ?? 0,
      createdAt: u.creationTime,
    }));
}

/**
 * A resumable upload to /v1/uploads: 64 MB chunks, automatic retries, pause and resume, and after a
 * reload the same file picks up where it stopped.
 */
export function useTusUpload() {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const upload = useRef<tus.Upload | null>(null);
  const speed = useRef({ at: 0, sent: 0, bytesPerSecond: 0 });

  useEffect(() => () => void upload.current?.abort(false), []);

  const start = useCallback(async (file: File, metadata: Record<string, string>) => {
    let resumed = false;
    const instance = new tus.Upload(file, {
      endpoint: `${API_BASE}/uploads`,
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10_000, 20_000],
      metadata: { filename: file.name, filetype: file.type || 'application/octet-stream', ...metadata },
      removeFingerprintOnSuccess: true,
      onBeforeRequest: (req) => {
        const token = getToken();
        if (token) req.setHeader('Authorization', `Bearer ${token}`);
      },
      onShouldRetry: (error) => isTransient(statusOf(error)),
      onProgress: (sent, total) => {
        const now = performance.now();
        const s = speed.current;
        if (now - s.at > 800) {
          s.bytesPerSecond = s.at ? ((sent - s.sent) / (now - s.at)) * 1000 : 0;
          s.at = now;
          s.sent = sent;
        }
        setState({ status: 'uploading', sent, total, bytesPerSecond: s.bytesPerSecond, resumed });
      },
      onSuccess: () => {
        const uploadId = instance.url?.split('/').pop() ?? '';
        setState({ status: 'done', uploadId, total: file.size });
      },
      onError: (error) => {
        const refused = isRefusal(error);
        setState({ status: 'error', message: messageOf(error), refused });
        // Refused for good (not a film, too large, gone): forget it, so no "unfinished upload" is offered.
        if (refused) void forgetUploadsOf(instance);
      },
    });
    upload.current = instance;
    const previous = await instance.findPreviousUploads();
    if (previous[0]) {
      resumed = true;
      instance.resumeFromPreviousUpload(previous[0]);
    }
    speed.current = { at: 0, sent: 0, bytesPerSecond: 0 };
    setState({ status: 'uploading', sent: 0, total: file.size, bytesPerSecond: 0, resumed });
    instance.start();
  }, []);

  const pause = useCallback(() => {
    void upload.current?.abort(false);
    setState((s) => (s.status === 'uploading' ? { ...s, status: 'paused', bytesPerSecond: 0 } : s));
  }, []);

  const resume = useCallback(() => {
    speed.current = { at: 0, sent: 0, bytesPerSecond: 0 };
    upload.current?.start();
    setState((s) => (s.status === 'paused' ? { ...s, status: 'uploading' } : s));
  }, []);

  /** Back to choosing a file, after a refusal: there is nothing left on the server to cancel. */
  const reset = useCallback(() => {
    upload.current = null;
    setState({ status: 'idle' });
  }, []);

  const cancel = useCallback(async () => {
    await upload.current?.abort(true).catch(() => {});
    upload.current = null;
    setState({ status: 'idle' });
  }, []);

  return { state, start, pause, resume, cancel, reset };
}
