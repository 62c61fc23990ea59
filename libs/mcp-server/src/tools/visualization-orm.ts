// Group "Visualization & ORM" (SPEC 4.2): guide_orm_creation. visualize_ontology joins this
// group with the ORM rendering work; until then it is not registered.
import type { McpServer } from '@modelcontextprotocol/server';
import { GuideOrmCreationInput, GuideOrmCreationOutput } from '@oms/contracts';
import { ORM2_TEMPLATE, ormWorkflowGuide } from '@oms/guides';
import { READ_ONLY } from '../annotations.js';
import { runTool } from '../tool-result.js';

export function registerVisualizationOrmTools(server: McpServer): void {
  server.registerTool(
    'guide_orm_creation',
    {
      title: 'Guide ORM model creation',
      description:
        'Returns Object-Role Modeling guidance for the domain you describe (entity and value types, fact types and readings, constraints, subtypes, ' +
        'a step-by-step workflow and a validation checklist) and an ORM2 XML template to fill in and pass to create_ontology with source_format orm.',
      inputSchema: GuideOrmCreationInput,
      outputSchema: GuideOrmCreationOutput,
      annotations: READ_ONLY,
    },
    (input) => runTool(async () => ({ guidance: ormWorkflowGuide(input.domain_description), template: ORM2_TEMPLATE })),
  );
}
