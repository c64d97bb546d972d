#!/bin/sh
# Runs once, when the postgres container of docker-compose.yml initialises an empty data
# directory (/docker-entrypoint-initdb.d). Compose mode keeps one database ($POSTGRES_DB)
# with one schema per service (architecture §3): each service gets a login role that owns
# its schema, has it as search_path, and has no USAGE on the other services' schemas.
#
# Dev-only passwords: <service>-dev-password (matching DATABASE_URL in docker-compose.yml).
# To add a service, add its name to LOADOUT_SERVICES below (or in the compose environment)
# and recreate the volume (`docker compose down -v`), or run the same SQL by hand.
set -eu

services="${LOADOUT_SERVICES:-identity listings orders messaging notifications fields admin}"

# Trusted extensions used for search; created once by the superuser so no service needs to.
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" <<'SQL'
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;
SQL

for svc in $services; do
  psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
    -v svc="$svc" -v pw="${svc}-dev-password" -v db="$POSTGRES_DB" <<'SQL'
SELECT format('CREATE ROLE %I LOGIN PASSWORD %L', :'svc', :'pw')
  WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'svc') \gexec
SELECT format('CREATE SCHEMA IF NOT EXISTS %I AUTHORIZATION %I', :'svc', :'svc') \gexec
SELECT format('ALTER ROLE %I SET search_path = %I, public', :'svc', :'svc') \gexec
-- The services' migrate step runs `CREATE SCHEMA IF NOT EXISTS <own schema>`, which
-- PostgreSQL checks against CREATE on the database even when the schema exists.
SELECT format('GRANT CONNECT, CREATE ON DATABASE %I TO %I', :'db', :'svc') \gexec
SQL
  echo "loadout: role and schema \"$svc\" ready in database \"$POSTGRES_DB\""
done
