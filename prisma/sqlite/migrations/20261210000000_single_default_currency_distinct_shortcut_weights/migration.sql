-- Issue 23: invariants that concurrent writes broke, now held by the database itself.

-- Shortcut weights are distinct per user. Users whose shortcuts share a weight (written by
-- concurrent creations before this index) get theirs renumbered 1..n in their present order
-- (weight, then creation, then id); other users keep their weights.
UPDATE "Shortcut" AS s SET "weight" = r."n"
FROM (
    SELECT "id", ROW_NUMBER() OVER (PARTITION BY "userId" ORDER BY "weight", "createdAt", "id") AS "n"
    FROM "Shortcut"
    WHERE "userId" IN (SELECT "userId" FROM "Shortcut" GROUP BY "userId", "weight" HAVING COUNT(*) > 1)
) AS r
WHERE s."id" = r."id";

-- DropIndex
DROP INDEX "Shortcut_userId_weight_idx";

-- CreateIndex
CREATE UNIQUE INDEX "Shortcut_userId_weight_key" ON "Shortcut"("userId", "weight");

-- At most one default currency. Of several defaults (left by concurrent creations), the one
-- created last stays the default.
UPDATE "CurrencyDictionary" SET "isDefault" = false
WHERE "isDefault" AND "id" <> (SELECT "id" FROM "CurrencyDictionary" WHERE "isDefault" ORDER BY "createdAt" DESC, "id" DESC LIMIT 1);

-- CreateIndex (by hand: Prisma's schema language has no partial indexes; see prisma/models.prisma)
CREATE UNIQUE INDEX "CurrencyDictionary_single_default_key" ON "CurrencyDictionary"("isDefault") WHERE "isDefault";
