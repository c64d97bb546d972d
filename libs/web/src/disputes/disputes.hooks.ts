import {
  type DisputeView,
  type OpenDisputeRequest,
  type RespondToDisputeRequest,
} from '@loadout/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  acceptDisputeProposal,
  confirmReturn,
  disputeKeys,
  fetchDispute,
  fetchDisputes,
  markReturnShipped,
  openDispute,
  postDisputeMessage,
  respondToDispute,
  withdrawDispute,
} from './disputes.api';

export function useDisputes({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: disputeKeys.list,
    queryFn: ({ signal }) => fetchDisputes({ signal }),
    enabled,
  });
}

export function useDispute(id: string | null) {
  return useQuery({
    queryKey: disputeKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchDispute(id ?? '', { signal }),
    enabled: Boolean(id),
  });
}

/** A changed dispute: its detail replaced, the list and the orders (money moved) re-read. */
function disputeChanged(client: QueryClient, dispute: DisputeView) {
  client.setQueryData(disputeKeys.detail(dispute.id), dispute);
  void client.invalidateQueries({ queryKey: disputeKeys.list });
  void client.invalidateQueries({ queryKey: ['orders'] });
  void client.invalidateQueries({ queryKey: ['payouts', 'account'] });
}

/** Variables of a dispute action: the key is made once per click and kept for its retry. */
export interface DisputeActionVariables<T = undefined> {
  id: string;
  idempotencyKey: string;
  input: T;
}

export function useOpenDispute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, idempotencyKey }: DisputeActionVariables<OpenDisputeRequest>) =>
      openDispute(id, input, idempotencyKey),
    onSuccess: (dispute) => disputeChanged(client, dispute),
  });
}

export function useRespondToDispute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, idempotencyKey }: DisputeActionVariables<RespondToDisputeRequest>) =>
      respondToDispute(id, input, idempotencyKey),
    onSuccess: (dispute) => disputeChanged(client, dispute),
  });
}

export function useAcceptDisputeProposal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: DisputeActionVariables) =>
      acceptDisputeProposal(id, idempotencyKey),
    onSuccess: (dispute) => disputeChanged(client, dispute),
  });
}

export function useWithdrawDispute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: DisputeActionVariables) =>
      withdrawDispute(id, idempotencyKey),
    onSuccess: (dispute) => disputeChanged(client, dispute),
  });
}

export function usePostDisputeMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, photoIds }: { id: string; body: string; photoIds?: string[] }) =>
      postDisputeMessage(id, body, photoIds),
    onSuccess: (dispute) => disputeChanged(client, dispute),
  });
}

export function useMarkReturnShipped() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: DisputeActionVariables) =>
      markReturnShipped(id, idempotencyKey),
    onSuccess: (dispute) => disputeChanged(client, dispute),
  });
}

export function useConfirmReturn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: DisputeActionVariables) =>
      confirmReturn(id, idempotencyKey),
    onSuccess: (dispute) => disputeChanged(client, dispute),
  });
}
