import type { TestApp } from './helpers';

/** A film row of the presenter's, ready for sharing tests (no upload or encoding needed). */
export async function createFilm(t: TestApp, presenterId: string, title = 'Night Train') {
  return t.container.videosRepository.create({
    presenterId,
    type: 'upload',
    title,
    description: 'A film for sharing tests',
    status: 'encryption-completed',
  });
}
