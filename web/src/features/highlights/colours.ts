import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { HighlightColour } from "../../gql/graphql";

/** The highlight colours, in the order the toolbar offers them, with their names (said to screen readers too). */
export const COLOURS: readonly { value: HighlightColour; name: MessageDescriptor }[] = [
  { value: "YELLOW", name: msg`Yellow` },
  { value: "GREEN", name: msg`Green` },
  { value: "BLUE", name: msg`Blue` },
  { value: "PINK", name: msg`Pink` },
];

/** The CSS Custom Highlight name of a colour (styled by `::highlight(brevia-yellow)`…, see highlights.css). */
export const highlightName = (colour: HighlightColour) => `brevia-${colour.toLowerCase()}`;
