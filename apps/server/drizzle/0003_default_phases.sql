-- The studio's default phases, so a new database offers a sensible list (DESIGN §3).
INSERT INTO "phases" ("phase_name") VALUES
	('Discovery'),
	('Design'),
	('Development'),
	('Quality Assurance'),
	('Launch'),
	('Support')
ON CONFLICT DO NOTHING;
