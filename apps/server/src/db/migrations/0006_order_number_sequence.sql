-- Order references take their number from a sequence (no lock, see schema.ts). A database that
-- numbered orders per financial year in document_sequences continues above every number it gave.
CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
SELECT setval('order_number_seq', greatest(1, coalesce((SELECT sum(last_value) FROM document_sequences WHERE series = 'order'), 0)),
  coalesce((SELECT sum(last_value) FROM document_sequences WHERE series = 'order'), 0) > 0);
