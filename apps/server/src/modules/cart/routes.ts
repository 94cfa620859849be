import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddItemsToCartBodySchema,
  AddItemsToCartResponseSchema,
  CartCountResponseSchema,
  CartResponseSchema,
  ClearCartResponseSchema,
  DeleteCartItemQuerySchema,
  DeleteCartItemResponseSchema,
  EmailQuerySchema,
  envelopeOf,
  GetCartItemsQuerySchema,
  ok,
  UpdateItemsToCartBodySchema,
  UpdateItemsToCartResponseSchema,
} from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { requireIdentity } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import type { ActingContext } from '../../http/identity.ts';
import type { AccountService } from '../account/service.ts';
import type { CartService } from './service.ts';

/** The retailer a cart or order call acts for; a sales executive or admin must name one (400). */
export async function requireActing(
  account: AccountService,
  request: FastifyRequest,
  email: string | null | undefined,
): Promise<ActingContext> {
  const acting = await account.resolveActing(requireIdentity(request), email ?? undefined);
  if (!acting) throw new AppError('invalid', messages.cart.chooseRetailer);
  return acting;
}

export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService; account: AccountService }> = async (
  app,
  { cart, account },
) => {
  app.post(
    '/api/Product/addItemsToCart',
    {
      schema: {
        tags: ['Cart'],
        summary: 'Add colour variants to the cart (zero lines ignored; lines above stock skipped and listed)',
        body: AddItemsToCartBodySchema,
        response: { 200: envelopeOf(AddItemsToCartResponseSchema) },
      },
    },
    async (request) => {
      const acting = await requireActing(account, request, request.body.Email);
      const result = await cart.add(acting, request.body.Products);
      await account.recordOnBehalf(acting, 'cart.add', { products: request.body.Products, skipped: result.skipped });
      return ok(result);
    },
  );

  app.post(
    '/api/Product/updateItemsToCart',
    {
      schema: {
        tags: ['Cart'],
        summary: 'Set cart line quantities (prices and taxes are recomputed by the server)',
        body: UpdateItemsToCartBodySchema,
        response: { 200: envelopeOf(UpdateItemsToCartResponseSchema) },
      },
    },
    async (request) => {
      const acting = await requireActing(account, request, request.body.Email);
      const result = await cart.update(acting, request.body.lines);
      await account.recordOnBehalf(acting, 'cart.update', {
        lines: request.body.lines.map((l) => ({ CartProductDetailID: l.CartProductDetailID, Quantity: l.Quantity })),
      });
      return ok(result);
    },
  );

  app.get(
    '/api/Product/getCartItems',
    {
      schema: {
        tags: ['Cart'],
        summary: 'The cart: lines (expired ones flagged), totals of the unexpired lines, bill-to',
        querystring: GetCartItemsQuerySchema,
        response: { 200: envelopeOf(CartResponseSchema) },
      },
    },
    async (request) => {
      const acting = await requireActing(account, request, request.query.email);
      return ok(await cart.view(acting, request.query.pageNumber, request.query.pageSize));
    },
  );

  app.get(
    '/api/Product/getCartItemsCount',
    {
      schema: {
        tags: ['Cart'],
        summary: 'Cart line count, pieces and value with GST (header badge and tooltip)',
        querystring: EmailQuerySchema,
        response: { 200: envelopeOf(CartCountResponseSchema) },
      },
    },
    async (request) => {
      const acting = await requireActing(account, request, request.query.email);
      return ok(await cart.count(acting));
    },
  );

  app.delete(
    '/api/Product/deleteCartItems',
    {
      schema: {
        tags: ['Cart'],
        summary: 'Remove one cart line',
        querystring: DeleteCartItemQuerySchema,
        response: { 200: envelopeOf(DeleteCartItemResponseSchema) },
      },
    },
    async (request) => {
      const acting = await requireActing(account, request, request.query.email);
      const result = await cart.removeLine(acting, request.query.CartProductDetailID);
      await account.recordOnBehalf(acting, 'cart.deleteLine', { CartProductDetailID: request.query.CartProductDetailID });
      return ok(result);
    },
  );

  app.delete(
    '/api/Product/clearCart',
    {
      schema: {
        tags: ['Cart'],
        summary: 'Remove every cart line',
        querystring: EmailQuerySchema,
        response: { 200: envelopeOf(ClearCartResponseSchema) },
      },
    },
    async (request) => {
      const acting = await requireActing(account, request, request.query.email);
      const result = await cart.clear(acting);
      await account.recordOnBehalf(acting, 'cart.clear');
      return ok(result);
    },
  );
};
