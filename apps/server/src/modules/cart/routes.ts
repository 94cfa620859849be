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
import type { CartService } from './service.ts';

export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (
  app,
  { cart },
) => {
  app.post(
    '/api/Product/addItemsToCart',
    {
      config: { audit: 'cart.add' },
      schema: {
        tags: ['Cart'],
        summary: 'Add colour variants to the cart (zero lines ignored; lines above stock skipped and listed)',
        body: AddItemsToCartBodySchema,
        response: { 200: envelopeOf(AddItemsToCartResponseSchema) },
      },
    },
    async (request) => {
      const acting = await request.requireActing();
      const result = await cart.add(acting, request.body.Products);
      request.auditDetails = { products: request.body.Products, skipped: result.skipped };
      return ok(result);
    },
  );

  app.post(
    '/api/Product/updateItemsToCart',
    {
      config: { audit: 'cart.update' },
      schema: {
        tags: ['Cart'],
        summary: 'Set cart line quantities (prices and taxes are recomputed by the server)',
        body: UpdateItemsToCartBodySchema,
        response: { 200: envelopeOf(UpdateItemsToCartResponseSchema) },
      },
    },
    async (request) => {
      const acting = await request.requireActing();
      const result = await cart.update(acting, request.body.lines);
      request.auditDetails = {
        lines: request.body.lines.map((l) => ({ CartProductDetailID: l.CartProductDetailID, Quantity: l.Quantity })),
      };
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
      const acting = await request.requireActing();
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
      const acting = await request.requireActing();
      return ok(await cart.count(acting));
    },
  );

  app.delete(
    '/api/Product/deleteCartItems',
    {
      config: { audit: 'cart.deleteLine' },
      schema: {
        tags: ['Cart'],
        summary: 'Remove one cart line',
        querystring: DeleteCartItemQuerySchema,
        response: { 200: envelopeOf(DeleteCartItemResponseSchema) },
      },
    },
    async (request) => {
      const acting = await request.requireActing();
      const result = await cart.removeLine(acting, request.query.CartProductDetailID);
      request.auditDetails = { CartProductDetailID: request.query.CartProductDetailID };
      return ok(result);
    },
  );

  app.delete(
    '/api/Product/clearCart',
    {
      config: { audit: 'cart.clear' },
      schema: {
        tags: ['Cart'],
        summary: 'Remove every cart line',
        querystring: EmailQuerySchema,
        response: { 200: envelopeOf(ClearCartResponseSchema) },
      },
    },
    async (request) => {
      const acting = await request.requireActing();
      const result = await cart.clear(acting);
      return ok(result);
    },
  );
};
