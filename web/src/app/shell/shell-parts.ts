// What deferred-shell.tsx loads after the app's code, in one chunk.
export { AccountMenu } from "../../features/accounts/AccountMenu";
export { PhoneAccountMenu } from "../../features/accounts/PhoneAccountMenu";
export { BottomNav } from "./BottomNav";
export { SearchBox } from "../../features/search/SearchBox";
export { PlayerHost } from "../../features/player/PlayerHost";
