-- Extensions the schema needs. Load ONLY pg_trgm (PGlite is created with the same set).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
