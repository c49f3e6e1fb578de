import { defineError } from "../../schema/errors.js";

/** Send to Kindle needs the reader's Send-to-Kindle address, set in their settings. */
export const KindleEmailMissingError = defineError(
  "KindleEmailMissingError",
  "KINDLE_EMAIL_MISSING",
  "Set your Kindle email in your settings first.",
  "the reader has no Kindle email in their settings (updateSettings' kindleEmail).",
);
