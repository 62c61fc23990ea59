-- Users, API tokens, accounts, memberships, notification tokens, ontologies and commits.

CREATE TABLE "users" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "time_zone" TEXT NOT NULL DEFAULT 'UTC',
    "otp_secret" TEXT,
    "otp_enabled" BOOLEAN NOT NULL DEFAULT false,
    "otp_last_step" BIGINT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

CREATE TABLE "api_tokens" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "last_used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "api_tokens_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "api_tokens_token_hash_key" ON "api_tokens"("token_hash");
CREATE INDEX "api_tokens_user_id_idx" ON "api_tokens"("user_id");

CREATE TABLE "accounts" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "personal" BOOLEAN NOT NULL DEFAULT false,
    "owner_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "accounts_owner_id_idx" ON "accounts"("owner_id");

CREATE TABLE "account_users" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "role" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "account_users_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "account_users_role_check" CHECK ("role" IN ('admin', 'member'))
);
CREATE UNIQUE INDEX "account_users_account_id_user_id_key" ON "account_users"("account_id", "user_id");
CREATE INDEX "account_users_user_id_idx" ON "account_users"("user_id");

CREATE TABLE "notification_tokens" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "token" TEXT NOT NULL,
    "platform" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "notification_tokens_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "notification_tokens_platform_token_key" ON "notification_tokens"("platform", "token");
CREATE INDEX "notification_tokens_user_id_idx" ON "notification_tokens"("user_id");

CREATE TABLE "ontologies" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "parent_id" UUID,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "visibility" TEXT NOT NULL,
    "source_format" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "head_hash" TEXT NOT NULL,
    "head_seq" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "ontologies_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ontologies_visibility_check" CHECK ("visibility" IN ('public', 'private'))
);
CREATE INDEX "ontologies_account_id_idx" ON "ontologies"("account_id");
CREATE INDEX "ontologies_parent_id_idx" ON "ontologies"("parent_id");
CREATE INDEX "ontologies_visibility_idx" ON "ontologies"("visibility");

CREATE TABLE "commits" (
    "id" UUID NOT NULL,
    "ontology_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "parent_hash" TEXT,
    "commit_hash" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "source_format" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "author_id" UUID NOT NULL,
    "source" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "commits_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "commits_status_check" CHECK ("status" IN ('applied', 'superseded'))
);
CREATE UNIQUE INDEX "commits_ontology_id_seq_key" ON "commits"("ontology_id", "seq");
-- Exactly one head per ontology: a second concurrent "applied" commit cannot exist.
CREATE UNIQUE INDEX "commits_one_applied_per_ontology" ON "commits"("ontology_id") WHERE "status" = 'applied';

CREATE TABLE "app_secrets" (
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "app_secrets_pkey" PRIMARY KEY ("name")
);

ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "account_users" ADD CONSTRAINT "account_users_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "account_users" ADD CONSTRAINT "account_users_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "notification_tokens" ADD CONSTRAINT "notification_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ontologies" ADD CONSTRAINT "ontologies_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ontologies" ADD CONSTRAINT "ontologies_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "ontologies"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "commits" ADD CONSTRAINT "commits_ontology_id_fkey" FOREIGN KEY ("ontology_id") REFERENCES "ontologies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
