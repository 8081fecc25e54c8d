import { useMutation } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';

export const getPreviewAccessUrl = (videoId: string) =>
  api.post<{ url: string }>(apiPath`/screeners/${videoId}/getPreviewAccessUrl`).then((r) => r.url);

export const usePreviewAccessUrl = () => useMutation({ mutationFn: getPreviewAccessUrl });
