/**
 * Parts of a public page that only a signed-in account sees (the boss page's check-ins, decision 080), each a lazy
 * import. A public page imports this small table once someone is signed in, so its own first download carries one
 * import instead of the list of every chunk the part needs (as the router does with signed-in-pages.ts, decision 074).
 */
export const signedInParts = {
  bossPageCheckIns: () =>
    import("./features/check-ins/boss-page-check-ins.tsx").then((part) => part.BossPageCheckIns),
};
