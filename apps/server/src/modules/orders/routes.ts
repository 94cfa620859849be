import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreditPositionQuerySchema,
  envelopeOf,
  MyOrdersQuerySchema,
  MyOrdersResponseSchema,
  ok,
  OrderDetailsQuerySchema,
  OrderDetailsResponseSchema,
  PlaceOrderBodySchema,
  PlaceOrderHeadersSchema,
  PlaceOrderResponseSchema,
  RetailerCreditPositionSchema,
} from '@frameport/domain/contract';
import { orderMessages } from '@frameport/domain/messages/orders';
import type { OrdersService } from './service.ts';

export const orderRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (
  app,
  { orders },
) => {
  app.post(
    '/api/Order/placeOrder',
    {
      config: { audit: 'order.place' },
      schema: {
        tags: ['Order'],
        summary: 'Place the cart as an order (one per Idempotency-Key, or per cart when the header is absent)',
        body: PlaceOrderBodySchema,
        headers: PlaceOrderHeadersSchema,
        response: { 200: envelopeOf(PlaceOrderResponseSchema) },
      },
    },
    async (request) => {
      const acting = await request.requireActing();
      const placed = await orders.place(acting, {
        cartId: request.body.CartId,
        note: request.body.Note?.trim() || null,
        idempotencyKey: request.headers['idempotency-key'],
      });
      request.auditDetails = { OrderID: placed.OrderID, OrderRefNo: placed.OrderRefNo, created: placed.created };
      return ok({ message: orderMessages.placed, OrderRefNo: placed.OrderRefNo, OrderID: placed.OrderID });
    },
  );

  app.get(
    '/api/Order/getMyOrders',
    {
      schema: {
        tags: ['Order'],
        summary: "The acting retailer's orders, newest first",
        querystring: MyOrdersQuerySchema,
        response: { 200: envelopeOf(MyOrdersResponseSchema) },
      },
    },
    async (request) => {
      const acting = await request.requireActing();
      return ok(await orders.myOrders(acting, request.query.pageNumber, request.query.pageSize));
    },
  );

  app.get(
    '/api/Order/getOrderDetails',
    {
      schema: {
        tags: ['Order'],
        summary: 'One order of the acting retailer with its line snapshots and totals',
        querystring: OrderDetailsQuerySchema,
        response: { 200: envelopeOf(OrderDetailsResponseSchema) },
      },
    },
    async (request) => {
      const acting = await request.requireActing();
      return ok(await orders.details(acting, request.query.orderId));
    },
  );

  app.get(
    '/api/Order/getCreditPosition',
    {
      schema: {
        tags: ['Order'],
        summary: "The acting retailer's credit: limit, outstanding, on order, available, overdue and the oldest overdue invoice",
        description:
          'Rupees. Available is the limit less outstanding less on order (negative when over). A sales executive ' +
          'passes a linked retailer\'s email, an admin any retailer\'s.',
        querystring: CreditPositionQuerySchema,
        response: { 200: envelopeOf(RetailerCreditPositionSchema) },
      },
    },
    async (request) => {
      const acting = await request.requireActing();
      return ok(await orders.creditPosition(acting));
    },
  );
};
