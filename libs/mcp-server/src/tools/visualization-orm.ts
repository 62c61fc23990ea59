// Group "Visualization & ORM" (SPEC 4.2): visualize_ontology and guide_orm_creation.
import type { CallToolResult, McpServer } from '@modelcontextprotocol/server';
import { GuideOrmCreationInput, GuideOrmCreationOutput, VisualizeOntologyInput, VisualizeOntologyOutput } from '@oms/contracts';
import { canDrawDiagram } from '@oms/domain';
import { ORM2_TEMPLATE, ormWorkflowGuide } from '@oms/guides';
import { READ_ONLY } from '../annotations.js';
import type { ToolContext } from '../context.js';
import { failure, runTool, toolError } from '../tool-result.js';
import type { Visualizer } from '../visualizer.js';
import { cached } from '../cached-schema.js';
import { toolInput } from '../tool-input.js';

const visualizeOntologyInput = toolInput('visualize_ontology', VisualizeOntologyInput);
const guideOrmCreationInput = toolInput('guide_orm_creation', GuideOrmCreationInput);

type Progress = (progress: number, message: string) => Promise<void>;

/** MCP progress notifications, sent only when the client asked for them with a progress token. */
function progressOf(request: { _meta?: { progressToken?: string | number } | undefined; notify: (n: never) => Promise<void> }): Progress {
  const token = request._meta?.progressToken;
  if (token === undefined) return async () => undefined;
  return async (progress, message) => {
    await request
      .notify({ method: 'notifications/progress', params: { progressToken: token, progress, total: 2, message } } as never)
      .catch(() => undefined);
  };
}

async function visualize(ctx: ToolContext, visualizer: Visualizer | undefined, id: string, progress: Progress): Promise<CallToolResult> {
  let ontology;
  try {
    ontology = await ctx.service.call('ontologies.read', { id });
  } catch (cause) {
    return failure(cause, { notFound: 'Call list_ontologies or search_ontologies to find the ids of ontologies you can see.' });
  }
  if (!canDrawDiagram(ontology.source_format)) {
    return toolError(
      `visualize_ontology draws ORM2 diagrams, and this ontology's source_format is ${ontology.source_format}. ` +
        'Use read_ontology to read its source, or guide_orm_creation to model it in ORM.',
    );
  }
  if (!visualizer) {
    // A deployment without a renderer (a gateway without REDIS_URL): retrying cannot help.
    return toolError(
      'Could not draw the diagram: no diagram renderer is configured on this server, so visualize_ontology cannot draw here. ' +
        'Retrying will not help: read the model with read_ontology instead, and tell the user that the operator has to configure rendering.',
    );
  }
  await progress(0, 'rendering the diagram');
  let picture;
  try {
    picture = await visualizer({ ontologyId: ontology.id, headHash: ontology.head_hash });
  } catch (cause) {
    // A visualizer should answer, not throw; if one does, its message stays on the server.
    return failure(cause);
  }
  await progress(2, picture.ok ? 'rendered' : 'could not render');
  if (!picture.ok) {
    const advice = {
      unrenderable: 'Fix the ORM2 XML (guide_orm_creation has a template) and save it with update_ontology.',
      unavailable: 'Rendering is not available on this server right now; try again later.',
      timeout: 'The render took too long; try again in a moment.',
    }[picture.reason];
    return toolError(`Could not draw the diagram: ${picture.message}. ${advice}`);
  }
  const { summary } = picture;
  const structured = {
    ontology_id: ontology.id,
    title: ontology.title,
    version: ontology.version,
    head_hash: ontology.head_hash,
    object_types: summary.objectTypes,
    entity_types: summary.entityTypes,
    value_types: summary.valueTypes,
    fact_types: summary.factTypes,
    constraints: summary.constraints,
    width: picture.width,
    height: picture.height,
    scale: picture.scale,
  };
  // DESIGN 4: tool results are JSON text content plus structuredContent; the picture comes first.
  return {
    content: [
      { type: 'image', data: picture.pngBase64, mimeType: 'image/png' },
      { type: 'text', text: JSON.stringify(structured) },
    ],
    structuredContent: structured,
  };
}

export function registerVisualizationOrmTools(server: McpServer, ctx: ToolContext): void {
  // SPEC 4.2 lists 12 tools, so visualize_ontology is offered even where no renderer is wired
  // (a gateway without REDIS_URL); there a call is an isError result saying so.
  const visualizer = ctx.visualize;
  server.registerTool(
    'visualize_ontology',
    {
      title: 'Draw an ORM diagram',
      description:
        'Renders an ontology whose source_format is orm as an ORM2 diagram (PNG image, from its head commit) with a short summary of what it contains. ' +
        'Ontologies in other formats are refused; guide_orm_creation helps build an ORM model.',
      inputSchema: visualizeOntologyInput,
      outputSchema: cached(VisualizeOntologyOutput),
      annotations: READ_ONLY,
    },
    (input, extra) => visualize(ctx, visualizer, input.id, progressOf(extra.mcpReq as never)),
  );

  server.registerTool(
    'guide_orm_creation',
    {
      title: 'Guide ORM model creation',
      description:
        'Returns Object-Role Modeling guidance for the domain you describe (entity and value types, fact types and readings, constraints, subtypes, ' +
        'a step-by-step workflow and a validation checklist) and an ORM2 XML template to fill in and pass to create_ontology with source_format orm.',
      inputSchema: guideOrmCreationInput,
      outputSchema: cached(GuideOrmCreationOutput),
      annotations: READ_ONLY,
    },
    (input) => runTool(async () => ({ guidance: ormWorkflowGuide(input.domain_description), template: ORM2_TEMPLATE })),
  );
}
