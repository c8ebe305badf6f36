import type { AppContext } from '../../context.js';
import type { ProductRequest } from '../../contracts/businessConference-participants.js';
import { participantDecider, participantStreamId, type ProductAdded } from '../../domain/businessConference/participant.js';
import { handleCommand } from '../handle.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId'>;
type Base = { participantId: string; userId: string; productDeadline: string | null };

/** An offerer adds a product (before the round's product deadline); the client id makes a retry answer the same product. */
export async function addProduct(ctx: Ctx, input: Base & { body: ProductRequest }) {
  const { clientId, ...product } = input.body;
  const result = await handleCommand(ctx, {
    streamId: participantStreamId(input.participantId),
    decider: participantDecider,
    command: { type: 'businessConference.AddProduct', data: { ...product, userId: input.userId, productDeadline: input.productDeadline } },
    meta: { commandId: `product:${clientId}`, userId: input.userId },
  });
  const added = result.events.find((e): e is ProductAdded => e.type === 'businessConference.ProductAdded');
  return { productId: added?.data.productId ?? null, position: result.position };
}

export async function updateProduct(ctx: Ctx, input: Base & { productId: string; body: ProductRequest }) {
  const { clientId, ...product } = input.body;
  const result = await handleCommand(ctx, {
    streamId: participantStreamId(input.participantId),
    decider: participantDecider,
    command: { type: 'businessConference.UpdateProduct', data: { ...product, productId: input.productId, userId: input.userId, productDeadline: input.productDeadline } },
    meta: { commandId: `product-edit:${clientId}`, userId: input.userId },
  });
  return { position: result.position };
}

export async function removeProduct(ctx: Ctx, input: Base & { productId: string }) {
  const result = await handleCommand(ctx, {
    streamId: participantStreamId(input.participantId),
    decider: participantDecider,
    command: { type: 'businessConference.RemoveProduct', data: { productId: input.productId, userId: input.userId, productDeadline: input.productDeadline } },
    meta: { userId: input.userId },
  });
  return { position: result.position };
}
