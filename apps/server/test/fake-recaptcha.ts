import http from 'node:http';

/**
 * A local stand-in for Google's reCAPTCHA siteverify endpoint: form-encoded `secret`, `response` and
 * `remoteip` in, Google's JSON answer out.
 */
export async function startFakeRecaptcha(options: { secretKey: string }) {
  const solved = new Set<string>();
  const requests: { secret: string | null; response: string | null; remoteip: string | null }[] = [];
  let down = false;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (down) {
        res.writeHead(503).end();
        return;
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString());
      const request = {
        secret: form.get('secret'),
        response: form.get('response'),
        remoteip: form.get('remoteip'),
      };
      requests.push(request);
      let answer: Record<string, unknown>;
      if (request.secret !== options.secretKey)
        answer = { success: false, 'error-codes': ['invalid-input-secret'] };
      else if (!request.response) answer = { success: false, 'error-codes': ['missing-input-response'] };
      else if (solved.delete(request.response))
        answer = { success: true, challenge_ts: new Date().toISOString(), hostname: 'localhost' };
      // A token is good once: a second use is what Google calls a duplicate.
      else answer = { success: false, 'error-codes': ['invalid-input-response'] };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    verifyUrl: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    requests,
    /** A token a person would get by ticking the box. */
    solve(token: string) {
      solved.add(token);
      return token;
    },
    setDown(value: boolean) {
      down = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
