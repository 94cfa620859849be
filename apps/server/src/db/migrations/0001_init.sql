CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_user_id" integer,
	"on_behalf_of_retailer_id" integer,
	"action" text NOT NULL,
	"entity" text,
	"entity_id" text,
	"details" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"image_url" text NOT NULL,
	"image_name" text NOT NULL,
	"mobile_image_url" text,
	"is_home_banner" boolean DEFAULT false NOT NULL,
	"is_login_banner" boolean DEFAULT false NOT NULL,
	"is_new_arrival_banner" boolean DEFAULT false NOT NULL,
	"is_material_banner" boolean DEFAULT false NOT NULL,
	"is_price_range_banner" boolean DEFAULT false NOT NULL,
	"is_frame_banner" boolean DEFAULT false NOT NULL,
	"is_colour_banner" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" integer,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "brands_code_unique" UNIQUE("code"),
	CONSTRAINT "brands_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"product_colour_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"added_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_cart_variant_free_unique" UNIQUE("cart_id","product_colour_id","is_free"),
	CONSTRAINT "cart_lines_quantity_positive" CHECK (quantity > 0)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"retailer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_retailerId_unique" UNIQUE("retailer_id")
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "cities_state_id_code_unique" UNIQUE("state_id","code")
);
--> statement-breakpoint
CREATE TABLE "colours" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"hex_code" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "colours_name_unique" UNIQUE("name"),
	CONSTRAINT "colours_hex_code_format" CHECK (hex_code ~ '^#[0-9A-Fa-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "config" (
	"config_key" text PRIMARY KEY NOT NULL,
	"config_value" text NOT NULL,
	"description" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corporate_details" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"company_name" text NOT NULL,
	"address" text NOT NULL,
	"contact_number" text NOT NULL,
	"email_id" text NOT NULL,
	"gstin" text NOT NULL,
	"pan" text,
	"state_code" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "corporate_details_single_row" CHECK (id = 1)
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "countries_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "discount_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"state_id" integer,
	"use_percentage" boolean NOT NULL,
	"discount_percentage" numeric(5, 2),
	"discount_amount_paise" bigint,
	"price_from_paise" bigint,
	"price_to_paise" bigint,
	"is_active" boolean DEFAULT true NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_rules_value" CHECK ((use_percentage and discount_percentage is not null and discount_percentage > 0 and discount_percentage <= 100)
        or (not use_percentage and discount_amount_paise is not null and discount_amount_paise > 0)),
	CONSTRAINT "discount_rules_price_bounds" CHECK ((price_from_paise is null or price_from_paise >= 0) and (price_to_paise is null or price_to_paise >= 0)
        and (price_from_paise is null or price_to_paise is null or price_from_paise <= price_to_paise)),
	CONSTRAINT "discount_rules_validity" CHECK (valid_from is null or valid_to is null or valid_from <= valid_to)
);
--> statement-breakpoint
CREATE TABLE "document_sequences" (
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_sequences_series_financial_year_pk" PRIMARY KEY("series","financial_year"),
	CONSTRAINT "document_sequences_last_value_nonneg" CHECK (last_value >= 0)
);
--> statement-breakpoint
CREATE TABLE "frame_shape_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"frame_shape_id" integer NOT NULL,
	"image_name" text NOT NULL,
	"url" text NOT NULL,
	"is_hovered" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "frame_shapes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"display_on_home" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "frame_shapes_code_unique" UNIQUE("code"),
	CONSTRAINT "frame_shapes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "genders" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "genders_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_no" text NOT NULL,
	"financial_year" text NOT NULL,
	"order_id" integer NOT NULL,
	"retailer_id" integer NOT NULL,
	"invoice_date" date NOT NULL,
	"amount_paise" bigint NOT NULL,
	"paid_paise" bigint DEFAULT 0 NOT NULL,
	"balance_paise" bigint GENERATED ALWAYS AS (amount_paise - paid_paise) STORED NOT NULL,
	"payment_status" text GENERATED ALWAYS AS (case when paid_paise >= amount_paise then 'Paid' when paid_paise = 0 then 'Unpaid' else 'Partially Paid' end) STORED NOT NULL,
	"document_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_invoiceNo_unique" UNIQUE("invoice_no"),
	CONSTRAINT "invoices_orderId_unique" UNIQUE("order_id"),
	CONSTRAINT "invoices_invoice_no_format" CHECK (invoice_no ~ '^[A-Za-z0-9/-]{1,16}$'),
	CONSTRAINT "invoices_invoice_no_length" CHECK (char_length(invoice_no) <= 16),
	CONSTRAINT "invoices_amounts" CHECK (amount_paise >= 0 and paid_paise >= 0 and paid_paise <= amount_paise)
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"succeeded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"attachments" jsonb,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_status_check" CHECK (status in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "material_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"material_id" integer NOT NULL,
	"image_name" text NOT NULL,
	"url" text NOT NULL,
	"is_hovered" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"display_on_home" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "materials_code_unique" UNIQUE("code"),
	CONSTRAINT "materials_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_colour_id" integer,
	"product_id" integer NOT NULL,
	"product_type_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"product_name" text NOT NULL,
	"model_name" text NOT NULL,
	"colour_name" text NOT NULL,
	"temple_colour_name" text,
	"color_variant" text NOT NULL,
	"size_name" text,
	"eye_size_mm" integer,
	"nose_bridge_mm" integer,
	"arm_length_mm" integer,
	"hsn_code" text NOT NULL,
	"gst_rate_percent" numeric(5, 2) NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_paise" bigint NOT NULL,
	"discount_per_unit_paise" bigint DEFAULT 0 NOT NULL,
	"discount_name" text,
	"discount_rule_id" integer,
	"taxable_paise" bigint NOT NULL,
	"cgst_rate_percent" numeric(5, 2) DEFAULT 0 NOT NULL,
	"sgst_rate_percent" numeric(5, 2) DEFAULT 0 NOT NULL,
	"igst_rate_percent" numeric(5, 2) DEFAULT 0 NOT NULL,
	"cgst_paise" bigint DEFAULT 0 NOT NULL,
	"sgst_paise" bigint DEFAULT 0 NOT NULL,
	"igst_paise" bigint DEFAULT 0 NOT NULL,
	"line_total_paise" bigint NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"image_url" text,
	CONSTRAINT "order_lines_quantity_positive" CHECK (quantity > 0),
	CONSTRAINT "order_lines_money_nonneg" CHECK (unit_price_paise >= 0 and discount_per_unit_paise >= 0 and discount_per_unit_paise <= unit_price_paise
        and taxable_paise >= 0 and cgst_paise >= 0 and sgst_paise >= 0 and igst_paise >= 0 and line_total_paise >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"changed_by_user_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_status_history_status_check" CHECK (status in ('Placed', 'Confirmed', 'Dispatched', 'Delivered', 'Cancelled'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_ref_no" text NOT NULL,
	"retailer_id" integer NOT NULL,
	"placed_by_user_id" integer NOT NULL,
	"status" text DEFAULT 'Placed' NOT NULL,
	"note" text,
	"idempotency_key" text,
	"bill_to_business_name" text NOT NULL,
	"bill_to_address" text NOT NULL,
	"bill_to_city" text NOT NULL,
	"bill_to_state" text NOT NULL,
	"bill_to_state_code" text NOT NULL,
	"bill_to_country" text NOT NULL,
	"bill_to_pin_code" text NOT NULL,
	"bill_to_gstin" text,
	"shipping_address_id" integer,
	"ship_to_name" text,
	"ship_to_address" text,
	"ship_to_city" text,
	"ship_to_state" text,
	"ship_to_state_code" text,
	"ship_to_pin_code" text,
	"ship_to_phone" text,
	"company_state_code" text NOT NULL,
	"total_quantity" integer NOT NULL,
	"subtotal_paise" bigint NOT NULL,
	"discount_paise" bigint DEFAULT 0 NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint DEFAULT 0 NOT NULL,
	"sgst_paise" bigint DEFAULT 0 NOT NULL,
	"igst_paise" bigint DEFAULT 0 NOT NULL,
	"round_off_paise" bigint DEFAULT 0 NOT NULL,
	"total_paise" bigint NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_orderRefNo_unique" UNIQUE("order_ref_no"),
	CONSTRAINT "orders_status_check" CHECK (status in ('Placed', 'Confirmed', 'Dispatched', 'Delivered', 'Cancelled')),
	CONSTRAINT "orders_total_quantity_positive" CHECK (total_quantity > 0),
	CONSTRAINT "orders_money_nonneg" CHECK (subtotal_paise >= 0 and discount_paise >= 0 and taxable_paise >= 0 and cgst_paise >= 0
        and sgst_paise >= 0 and igst_paise >= 0 and total_paise >= 0)
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_name" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"year" text,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pages_pageName_unique" UNIQUE("page_name")
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"provider" text NOT NULL,
	"payment_link_id" text NOT NULL,
	"payment_link_url" text,
	"transaction_no" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"provider_payment_id" text,
	"failure_reason" text,
	"applied_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_paymentLinkId_unique" UNIQUE("payment_link_id"),
	CONSTRAINT "payments_transactionNo_unique" UNIQUE("transaction_no"),
	CONSTRAINT "payments_providerPaymentId_unique" UNIQUE("provider_payment_id"),
	CONSTRAINT "payments_amount_positive" CHECK (amount_paise > 0),
	CONSTRAINT "payments_provider_check" CHECK (provider in ('sandbox', 'razorpay')),
	CONSTRAINT "payments_status_check" CHECK (status in ('created', 'paid', 'failed', 'expired', 'cancelled')),
	CONSTRAINT "payments_applied_only_when_paid" CHECK (applied_at is null or status = 'paid')
);
--> statement-breakpoint
CREATE TABLE "price_range_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"price_range_id" integer NOT NULL,
	"image_name" text NOT NULL,
	"url" text NOT NULL,
	"is_hovered" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_ranges" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"min_paise" bigint DEFAULT 0 NOT NULL,
	"max_paise" bigint,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "price_ranges_bounds" CHECK (min_paise >= 0 and (max_paise is null or max_paise >= min_paise))
);
--> statement-breakpoint
CREATE TABLE "product_colours" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"color_variant" text NOT NULL,
	"variant_number" integer NOT NULL,
	"frame_colour_id" integer NOT NULL,
	"temple_colour_id" integer NOT NULL,
	"available_stock_quantity" integer DEFAULT 0 NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_colours_product_id_variant_number_unique" UNIQUE("product_id","variant_number"),
	CONSTRAINT "product_colours_product_id_color_variant_unique" UNIQUE("product_id","color_variant"),
	CONSTRAINT "product_colours_stock_nonneg" CHECK (available_stock_quantity >= 0),
	CONSTRAINT "product_colours_variant_number_positive" CHECK (variant_number > 0)
);
--> statement-breakpoint
CREATE TABLE "product_genders" (
	"product_id" integer NOT NULL,
	"gender_id" integer NOT NULL,
	CONSTRAINT "product_genders_product_id_gender_id_pk" PRIMARY KEY("product_id","gender_id")
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_colour_id" integer NOT NULL,
	"url" text NOT NULL,
	"image_name" text NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"image_type" text NOT NULL,
	CONSTRAINT "product_images_image_type_check" CHECK (image_type in ('front', 'side', 'thumbnail'))
);
--> statement-breakpoint
CREATE TABLE "product_tags" (
	"product_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_tags_product_id_tag_id_pk" PRIMARY KEY("product_id","tag_id"),
	CONSTRAINT "product_tags_position_nonneg" CHECK (position >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "product_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_code" text NOT NULL,
	"model_name" text NOT NULL,
	"model_code" text NOT NULL,
	"product_name" text NOT NULL,
	"brand_id" integer NOT NULL,
	"product_type_id" integer NOT NULL,
	"frame_type" text,
	"frame_shape_id" integer,
	"material_id" integer,
	"temple_material_id" integer,
	"size_id" integer,
	"frame_width_mm" integer,
	"eye_size_mm" integer,
	"nose_bridge_mm" integer,
	"arm_length_mm" integer,
	"weight_grams" integer,
	"weight_group" text,
	"manufacturer_details" text,
	"product_warranty" text,
	"description" text,
	"hsn_code" text NOT NULL,
	"gst_rate_percent" numeric(5, 2) NOT NULL,
	"net_price_paise" bigint NOT NULL,
	"release_date" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"search_keywords" text DEFAULT '' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(model_name || ' ' || model_code || ' ' || product_code || ' ' || product_name || ' ' || search_keywords)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_productCode_unique" UNIQUE("product_code"),
	CONSTRAINT "products_net_price_nonneg" CHECK (net_price_paise >= 0),
	CONSTRAINT "products_gst_rate_range" CHECK (gst_rate_percent >= 0 and gst_rate_percent <= 100),
	CONSTRAINT "products_hsn_code_format" CHECK (hsn_code ~ '^[0-9]{4,8}$'),
	CONSTRAINT "products_frame_type_check" CHECK (frame_type is null or frame_type in ('Full Rim', 'Half Rim', 'Rimless')),
	CONSTRAINT "products_dimensions_positive" CHECK ((frame_width_mm is null or frame_width_mm > 0) and (eye_size_mm is null or eye_size_mm > 0)
        and (nose_bridge_mm is null or nose_bridge_mm > 0) and (arm_length_mm is null or arm_length_mm > 0)
        and (weight_grams is null or weight_grams > 0))
);
--> statement-breakpoint
CREATE TABLE "retailers" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_name" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"alternate_phone" text,
	"address" text NOT NULL,
	"city_id" integer NOT NULL,
	"state_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"pin_code" text NOT NULL,
	"pan" text,
	"gstin" text,
	"max_limit_per_variant" integer DEFAULT 20 NOT NULL,
	"max_order_quantity" integer DEFAULT 500 NOT NULL,
	"max_order_value_paise" bigint DEFAULT 50000000 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retailers_pin_code_format" CHECK (pin_code ~ '^[1-9][0-9]{5}$'),
	CONSTRAINT "retailers_gstin_format" CHECK (gstin is null or gstin ~ '^[0-9]{2}[A-Z0-9]{13}$'),
	CONSTRAINT "retailers_limits_positive" CHECK (max_limit_per_variant > 0 and max_order_quantity > 0),
	CONSTRAINT "retailers_max_order_value_nonneg" CHECK (max_order_value_paise >= 0)
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "roles_code_unique" UNIQUE("code"),
	CONSTRAINT "roles_code_check" CHECK (code in ('admin', 'retailer', 'salesexecutive'))
);
--> statement-breakpoint
CREATE TABLE "sales_executive_retailers" (
	"sales_executive_user_id" integer NOT NULL,
	"retailer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_executive_retailers_sales_executive_user_id_retailer_id_pk" PRIMARY KEY("sales_executive_user_id","retailer_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"remember_me" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"user_agent" text,
	"ip" text,
	CONSTRAINT "sessions_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "shipping_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"retailer_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"city_id" integer NOT NULL,
	"state_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"pin" text NOT NULL,
	"phone" text NOT NULL,
	"en_value" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_addresses_pin_format" CHECK (pin ~ '^[1-9][0-9]{5}$')
);
--> statement-breakpoint
CREATE TABLE "sizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"min_eye_size_mm" integer,
	"max_eye_size_mm" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sizes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"name" text NOT NULL,
	"state_code" text NOT NULL,
	"tin" text NOT NULL,
	"is_union_territory" boolean DEFAULT false NOT NULL,
	CONSTRAINT "states_stateCode_unique" UNIQUE("state_code"),
	CONSTRAINT "states_state_code_format" CHECK (state_code ~ '^[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_colour_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_collection" boolean DEFAULT false NOT NULL,
	CONSTRAINT "tags_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone_number" text,
	"alternate_phone_number" text,
	"profile_picture_url" text,
	"retailer_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_on_behalf_of_retailer_id_retailers_id_fk" FOREIGN KEY ("on_behalf_of_retailer_id") REFERENCES "public"."retailers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_modified_by_user_id_users_id_fk" FOREIGN KEY ("modified_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_product_colour_id_product_colours_id_fk" FOREIGN KEY ("product_colour_id") REFERENCES "public"."product_colours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_added_by_user_id_users_id_fk" FOREIGN KEY ("added_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_rules" ADD CONSTRAINT "discount_rules_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frame_shape_images" ADD CONSTRAINT "frame_shape_images_frame_shape_id_frame_shapes_id_fk" FOREIGN KEY ("frame_shape_id") REFERENCES "public"."frame_shapes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_images" ADD CONSTRAINT "material_images_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_colour_id_product_colours_id_fk" FOREIGN KEY ("product_colour_id") REFERENCES "public"."product_colours"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_placed_by_user_id_users_id_fk" FOREIGN KEY ("placed_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_address_id_shipping_addresses_id_fk" FOREIGN KEY ("shipping_address_id") REFERENCES "public"."shipping_addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_range_images" ADD CONSTRAINT "price_range_images_price_range_id_price_ranges_id_fk" FOREIGN KEY ("price_range_id") REFERENCES "public"."price_ranges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_colours" ADD CONSTRAINT "product_colours_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_colours" ADD CONSTRAINT "product_colours_frame_colour_id_colours_id_fk" FOREIGN KEY ("frame_colour_id") REFERENCES "public"."colours"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_colours" ADD CONSTRAINT "product_colours_temple_colour_id_colours_id_fk" FOREIGN KEY ("temple_colour_id") REFERENCES "public"."colours"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_genders" ADD CONSTRAINT "product_genders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_genders" ADD CONSTRAINT "product_genders_gender_id_genders_id_fk" FOREIGN KEY ("gender_id") REFERENCES "public"."genders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_colour_id_product_colours_id_fk" FOREIGN KEY ("product_colour_id") REFERENCES "public"."product_colours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tags" ADD CONSTRAINT "product_tags_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tags" ADD CONSTRAINT "product_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_frame_shape_id_frame_shapes_id_fk" FOREIGN KEY ("frame_shape_id") REFERENCES "public"."frame_shapes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_temple_material_id_materials_id_fk" FOREIGN KEY ("temple_material_id") REFERENCES "public"."materials"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_size_id_sizes_id_fk" FOREIGN KEY ("size_id") REFERENCES "public"."sizes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retailers" ADD CONSTRAINT "retailers_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retailers" ADD CONSTRAINT "retailers_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retailers" ADD CONSTRAINT "retailers_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_executive_retailers" ADD CONSTRAINT "sales_executive_retailers_sales_executive_user_id_users_id_fk" FOREIGN KEY ("sales_executive_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_executive_retailers" ADD CONSTRAINT "sales_executive_retailers_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_addresses" ADD CONSTRAINT "shipping_addresses_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_addresses" ADD CONSTRAINT "shipping_addresses_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_addresses" ADD CONSTRAINT "shipping_addresses_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_addresses" ADD CONSTRAINT "shipping_addresses_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "states" ADD CONSTRAINT "states_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_colour_id_product_colours_id_fk" FOREIGN KEY ("product_colour_id") REFERENCES "public"."product_colours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_actor_user_id_created_at_idx" ON "audit_log" USING btree ("actor_user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_on_behalf_of_retailer_id_idx" ON "audit_log" USING btree ("on_behalf_of_retailer_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "banners_sort_order_idx" ON "banners" USING btree ("sort_order");--> statement-breakpoint
CREATE INDEX "cart_lines_product_colour_id_idx" ON "cart_lines" USING btree ("product_colour_id");--> statement-breakpoint
CREATE INDEX "cities_state_id_idx" ON "cities" USING btree ("state_id");--> statement-breakpoint
CREATE INDEX "discount_rules_state_id_idx" ON "discount_rules" USING btree ("state_id");--> statement-breakpoint
CREATE INDEX "frame_shape_images_frame_shape_id_idx" ON "frame_shape_images" USING btree ("frame_shape_id");--> statement-breakpoint
CREATE INDEX "invoices_retailer_id_invoice_date_idx" ON "invoices" USING btree ("retailer_id","invoice_date" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "login_attempts_key_attempted_at_idx" ON "login_attempts" USING btree ("key","attempted_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_status_created_at_idx" ON "mail_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "material_images_material_id_idx" ON "material_images" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "order_lines_order_id_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_product_colour_id_idx" ON "order_lines" USING btree ("product_colour_id");--> statement-breakpoint
CREATE INDEX "order_status_history_order_id_idx" ON "order_status_history" USING btree ("order_id","changed_at");--> statement-breakpoint
CREATE INDEX "orders_retailer_id_placed_at_idx" ON "orders" USING btree ("retailer_id","placed_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_placed_at_idx" ON "orders" USING btree ("placed_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_retailer_idempotency_key_unique" ON "orders" USING btree ("retailer_id","idempotency_key") WHERE idempotency_key is not null;--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_id_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payments_invoice_id_idx" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "price_range_images_price_range_id_idx" ON "price_range_images" USING btree ("price_range_id");--> statement-breakpoint
CREATE INDEX "product_colours_frame_colour_id_idx" ON "product_colours" USING btree ("frame_colour_id");--> statement-breakpoint
CREATE INDEX "product_colours_in_stock_idx" ON "product_colours" USING btree ("product_id") WHERE available_stock_quantity > 0;--> statement-breakpoint
CREATE INDEX "product_genders_gender_id_idx" ON "product_genders" USING btree ("gender_id");--> statement-breakpoint
CREATE INDEX "product_images_product_colour_id_idx" ON "product_images" USING btree ("product_colour_id","priority");--> statement-breakpoint
CREATE INDEX "product_tags_tag_id_idx" ON "product_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "products_brand_id_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_product_type_id_idx" ON "products" USING btree ("product_type_id");--> statement-breakpoint
CREATE INDEX "products_frame_shape_id_idx" ON "products" USING btree ("frame_shape_id");--> statement-breakpoint
CREATE INDEX "products_material_id_idx" ON "products" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "products_size_id_idx" ON "products" USING btree ("size_id");--> statement-breakpoint
CREATE INDEX "products_net_price_paise_idx" ON "products" USING btree ("net_price_paise","id");--> statement-breakpoint
CREATE INDEX "products_release_date_id_idx" ON "products" USING btree ("release_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_model_name_lower_idx" ON "products" USING btree (lower(model_name));--> statement-breakpoint
CREATE INDEX "products_search_text_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "retailers_email_lower_unique" ON "retailers" USING btree (lower(email));--> statement-breakpoint
CREATE INDEX "retailers_state_id_idx" ON "retailers" USING btree ("state_id");--> statement-breakpoint
CREATE INDEX "retailers_city_id_idx" ON "retailers" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "sales_executive_retailers_retailer_id_idx" ON "sales_executive_retailers" USING btree ("retailer_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shipping_addresses_retailer_id_idx" ON "shipping_addresses" USING btree ("retailer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_addresses_one_default" ON "shipping_addresses" USING btree ("retailer_id") WHERE is_default;--> statement-breakpoint
CREATE INDEX "states_country_id_idx" ON "states" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_colour_id_idx" ON "stock_movements" USING btree ("product_colour_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower(email));--> statement-breakpoint
CREATE UNIQUE INDEX "users_retailer_id_unique" ON "users" USING btree ("retailer_id") WHERE retailer_id is not null;--> statement-breakpoint
CREATE INDEX "users_role_id_idx" ON "users" USING btree ("role_id");