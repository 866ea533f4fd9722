import { toDbml } from './dbml';
import { toMermaidErDiagram } from './mermaid';
import { toPrismaSchema } from './prisma';
import { toMysqlDdl, toPostgresDdl } from './sql';
import type { ExportDiagram } from './tables';

/** The text exports of a canvas (issue 29): what the export dialog offers, each with its file. */
export const EXPORT_FORMATS = ['postgresql', 'mysql', 'dbml', 'prisma', 'mermaid'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_FORMAT_INFO: Record<
  ExportFormat,
  {
    label: string;
    /** What the dialog says it is. */
    description: string;
    extension: string;
    mimeType: string;
    generate: (data: ExportDiagram, title?: string) => string;
  }
> = {
  postgresql: {
    label: 'PostgreSQL',
    description: 'CREATE TABLE statements for PostgreSQL, foreign keys after the tables.',
    extension: 'sql',
    mimeType: 'application/sql;charset=utf-8',
    generate: toPostgresDdl,
  },
  mysql: {
    label: 'MySQL',
    description: 'CREATE TABLE statements for MySQL (InnoDB), foreign keys after the tables.',
    extension: 'sql',
    mimeType: 'application/sql;charset=utf-8',
    generate: toMysqlDdl,
  },
  dbml: {
    label: 'DBML',
    description: 'Tables and references in DBML, for dbdiagram.io and dbdocs.',
    extension: 'dbml',
    mimeType: 'text/plain;charset=utf-8',
    generate: toDbml,
  },
  prisma: {
    label: 'Prisma',
    description: 'A Prisma schema (PostgreSQL) with a model per table and both relation fields.',
    extension: 'prisma',
    mimeType: 'text/plain;charset=utf-8',
    generate: toPrismaSchema,
  },
  mermaid: {
    label: 'Mermaid',
    description: 'A Mermaid erDiagram, for Markdown files that GitHub and GitLab draw.',
    extension: 'mmd',
    mimeType: 'text/plain;charset=utf-8',
    generate: toMermaidErDiagram,
  },
};
