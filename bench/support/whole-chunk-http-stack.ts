import http from 'node:http';
import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';

/**
 * A tus-js-client HTTP stack for Node that hands each chunk to the socket in one write, as a browser's
 * XMLHttpRequest does with a File slice. The library's own Node stack writes 16 KB pieces, one system
 * call each, and on loopback that client, not the server, sets the pace.
 */
export class WholeChunkHttpStack implements HttpStack {
  getName() {
    return 'WholeChunkHttpStack';
  }

  createRequest(method: string, url: string): HttpRequest {
    const headers: Record<string, string> = {};
    let request: http.ClientRequest | null = null;
    let onProgress: (sent: number) => void = () => {};
    return {
      getMethod: () => method,
      getURL: () => url,
      setHeader: (name, value) => {
        headers[name] = value;
      },
      getHeader: (name) => headers[name],
      setProgressHandler: (handler) => {
        onProgress = handler;
      },
      getUnderlyingObject: () => request,
      abort: async () => void request?.destroy(),
      send: (body?: Uint8Array | null) =>
        new Promise<HttpResponse>((resolve, reject) => {
          const length = body?.length ?? 0;
          request = http.request(url, { method, headers: { ...headers, 'Content-Length': length } });
          request.on('error', reject);
          request.on('response', (res) => {
            const parts: Buffer[] = [];
            res.on('data', (part: Buffer) => parts.push(part));
            res.on('end', () => {
              const text = Buffer.concat(parts).toString('utf8');
              resolve({
                getStatus: () => res.statusCode ?? 0,
                getHeader: (name) => {
                  const value = res.headers[name.toLowerCase()];
                  return Array.isArray(value) ? value.join(', ') : value;
                },
                getBody: () => text,
                getUnderlyingObject: () => res,
              });
            });
          });
          request.end(body ?? undefined, () => onProgress(length));
        }),
    };
  }
}
