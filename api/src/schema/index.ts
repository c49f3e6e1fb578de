import { builder } from "../builder.js";
import "./errors.js";
import "../features/catalog/catalog.schema.js";
import "../features/catalog/catalog.queries.js";
import "../features/catalog/audio/audio.schema.js";
import "../features/catalog/content/content.schema.js";
import "../features/accounts/accounts.schema.js";
import "../features/search/search.schema.js";
import "../features/accounts/accounts.errors.js";
import "../features/accounts/auth.schema.js";
import "../features/accounts/sessions.schema.js";
import "../features/discovery/discovery.schema.js";
import "../features/discovery/upgrade.schema.js";
import "../features/discovery/recommendations.schema.js";
import "../features/onboarding/onboarding.schema.js";
import "../features/settings/settings.errors.js";
import "../features/settings/settings.schema.js";

export const schema = builder.toSchema({ sortSchema: true });
