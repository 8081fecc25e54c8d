import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getPreviewAccessUrl = (videoId: string) =>
  api.post<{ url: string }>(`/screeners/${videoId}/getPreviewAccessUrl`).then((r) => r.url);

export const usePreviewAccessUrl = () => useMutation({ mutationFn: getPreviewAccessUrl });
