-- OAuth authorization server state (oidc-provider adapter) and settings-area sessions.
CREATE TABLE "oidc_payloads" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "grant_id" TEXT,
    "user_code" TEXT,
    "uid" TEXT,
    "expires_at" TIMESTAMPTZ(3),
    "consumed_at" TIMESTAMPTZ(3),
    CONSTRAINT "oidc_payloads_pkey" PRIMARY KEY ("id", "type")
);
CREATE INDEX "oidc_payloads_grant_id_idx" ON "oidc_payloads"("grant_id");
CREATE INDEX "oidc_payloads_uid_idx" ON "oidc_payloads"("uid");
CREATE INDEX "oidc_payloads_user_code_idx" ON "oidc_payloads"("user_code");
CREATE INDEX "oidc_payloads_expires_at_idx" ON "oidc_payloads"("expires_at");

CREATE TABLE "web_sessions" (
    "id" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "csrf_token" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "web_sessions_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "web_sessions_user_id_idx" ON "web_sessions"("user_id");
ALTER TABLE "web_sessions" ADD CONSTRAINT "web_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
