import type { RuleSet } from '@screenroom/shared/enums';
import type { AdminPresenter } from '@screenroom/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { adminPresentersKey } from './list-presenters';

export const setPlan = ({ id, rule_set }: { id: string; rule_set: RuleSet }) =>
  api.put<{ presenter: AdminPresenter }>(apiPath`/admin/presenters/${id}/plan`, { rule_set });

export function useSetPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPresentersKey }),
  });
}
