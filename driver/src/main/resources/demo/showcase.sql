-- The statements `keycond demo` runs, in order. Each one is shown with its EXPLAIN, its rows, the
-- DynamoDB requests it sent and what they cost. The "--" lines just above a statement describe
-- it; a statement ends with ";" at the end of a line. Add statements here to extend the showcase.

-- The photos subtree of account a91: one Query with begins_with, read in path order. The file
-- 'root/photos' and the folder 'root/photosX/' sort right next to it and are not read.
SELECT path, size, modified FROM files WHERE account = 'a91' AND path LIKE 'root/photos/%';

-- The same subtree as a recursive walk down the parent links. The mapping declares the path
-- hierarchy, so the whole recursion is still that one begins_with Query.
WITH RECURSIVE tree AS (
  SELECT account, path FROM files WHERE account = 'a91' AND path = 'root/photos/'
  UNION ALL
  SELECT f.account, f.path FROM files f JOIN tree t ON f.account = t.account AND f.parent = t.path)
SELECT path FROM tree;

-- A condition the key cannot express, but that DynamoDB checks exactly as SQL means it, is sent as
-- a FilterExpression: the Query still reads (and charges for) the whole subtree, and only the files
-- over 1 MB come back. The statement warns of it, and once its rows are read says how many items
-- DynamoDB read for how many rows, and how many its filter discarded.
SELECT path, size FROM files WHERE account = 'a91' AND path LIKE 'root/photos/%' AND size > 1000000;

-- A timestamp is stored as text in any ISO-8601 form, which does not order like its value, so a
-- condition on it is checked by the driver after the read.
SELECT path, modified FROM files WHERE account = 'a91' AND path LIKE 'root/photos/%'
AND modified >= TIMESTAMP '2026-03-01 00:00:00';

-- One file by its whole key: a GetItem.
SELECT * FROM files WHERE account = 'a91' AND path = 'root/photos/2026/beach.jpg';

-- ORDER BY the sort key and LIMIT: ScanIndexForward=false and Limit=3, nothing read in excess.
SELECT path FROM files WHERE account = 'b07' ORDER BY path DESC LIMIT 3;

-- COUNT(*) is counted by DynamoDB (Select=COUNT); no item comes back to the driver.
SELECT COUNT(*) AS files FROM files WHERE account = 'a91';

-- Single-table design: the projects of a workspace share its partition. The key condition is
-- EntityRef = 'WS#acme' AND begins_with(Detail, 'PROJ#'), so the workspace's META item is skipped.
SELECT id, name, status FROM projects WHERE workspace_id = 'acme';

-- A workspace and its projects: both entities live in the partition WS#acme, so the join is one
-- Query, split by entity and joined in memory.
SELECT w.name AS workspace, p.id, p.name FROM workspaces w JOIN projects p ON p.workspace_id = w.id
WHERE w.id = 'acme';

-- LIKE on a column inside a template: begins_with(Detail, 'PROJ#2026-').
SELECT id, name FROM projects WHERE workspace_id = 'acme' AND id LIKE '2026-%';

-- A constant sort key (Detail = 'META') makes the workspace one GetItem.
SELECT name, plan FROM workspaces WHERE id = 'acme';

-- An IN list on the partition key with the sort key bound: each value is a whole key, and all of
-- them are read with one BatchGetItem.
SELECT account, path, size FROM files WHERE account IN ('a91', 'b07') AND path = 'root/photos/';

-- The request to copy: EXPLAIN PLAN AS JSON gives each request exactly as keycond sends it, in the
-- JSON that `aws dynamodb query --cli-input-json` and the DynamoDB API take.
EXPLAIN PLAN AS JSON FOR SELECT path, size FROM files WHERE account = 'a91' AND path LIKE 'root/photos/%';

-- An unmapped table: its key attributes are columns, and the rest of each item is a JSON document.
SELECT ts, JSON_VALUE(document, '$.type') AS type FROM Events WHERE device = 'sensor-1';

-- No condition on the partition key: the only plan is a full Scan, and keycond refuses it
-- before sending anything.
SELECT path, size FROM files WHERE size > 1000000;
