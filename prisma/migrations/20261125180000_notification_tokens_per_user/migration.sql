-- A device token is registered per user: another user's registration of the same token no
-- longer takes it over (it used to be moved to whoever registered it last).
DROP INDEX "notification_tokens_platform_token_key";
CREATE UNIQUE INDEX "notification_tokens_user_id_platform_token_key" ON "notification_tokens"("user_id", "platform", "token");
