-- System experience groups and experiences every tenant shares. Their ids are preserved (they cannot be
-- removed); tenants' own experiences are numbered from 10000.
INSERT INTO "experience_groups" ("id", "tenant_id", "name") VALUES
  (1, NULL, 'Relationship'),
  (2, NULL, 'Transactional'),
  (3, NULL, 'Digital');
--> statement-breakpoint
SELECT setval('experience_groups_id_seq', 100);
--> statement-breakpoint
INSERT INTO "experiences" ("id", "tenant_id", "name", "group_id", "measurement_type", "is_preserved") VALUES
  (101, NULL, 'Net Promoter Score', 1, 0, true),
  (102, NULL, 'Customer Satisfaction', 2, 2, true),
  (201, NULL, 'Customer Effort', 2, 1, true),
  (601, NULL, 'Open-ended Feedback', 1, 3, true),
  (1601, NULL, 'Staff Friendliness', 2, 2, true),
  (1602, NULL, 'Waiting Time', 2, 2, true),
  (1610, NULL, 'Digital Ease', 3, 1, true);
--> statement-breakpoint
SELECT setval('experiences_id_seq', 9999);
