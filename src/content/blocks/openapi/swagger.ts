/**
 * Legacy API blocks. 2022: `{% swagger method path baseUrl summary %}` holding `{% swagger-description %}`,
 * `{% swagger-parameter in name type [required] %}` and `{% swagger-response status description %}`.
 * 2021: the `{% api-method %}` family (`api-method-summary`, `api-method-request`, ...), kept as one
 * generic node type with its tag name and attributes.
 */
import type { BlockContent, Parent } from 'mdast';
import { attr, endTag, formatTag, type ParsedTag } from '../attributes.js';
import { wrapFlow, type BlockModule, type LiquidBlockSpec } from '../spec.js';

export interface Swagger extends Parent {
  type: 'swagger';
  /** All attributes in source order (method, path, baseUrl, summary, ...). */
  attributes: Array<[string, string]>;
  children: BlockContent[];
}

export interface SwaggerDescription extends Parent {
  type: 'swaggerDescription';
  children: BlockContent[];
}

export interface SwaggerParameter extends Parent {
  type: 'swaggerParameter';
  attributes: Array<[string, string]>;
  children: BlockContent[];
}

export interface SwaggerResponse extends Parent {
  type: 'swaggerResponse';
  attributes: Array<[string, string]>;
  children: BlockContent[];
}

/** Any tag of the 2021 `api-method` family: `tag` is e.g. `api-method-parameter`. */
export interface ApiMethod extends Parent {
  type: 'apiMethod';
  tag: string;
  attributes: Array<[string, string]>;
  children: BlockContent[];
}

declare module 'mdast' {
  interface RootContentMap {
    swagger: Swagger;
    swaggerDescription: SwaggerDescription;
    swaggerParameter: SwaggerParameter;
    swaggerResponse: SwaggerResponse;
    apiMethod: ApiMethod;
  }
  interface BlockContentMap {
    swagger: Swagger;
    swaggerDescription: SwaggerDescription;
    swaggerParameter: SwaggerParameter;
    swaggerResponse: SwaggerResponse;
    apiMethod: ApiMethod;
  }
}

type AttributeNode = 'swagger' | 'swaggerParameter' | 'swaggerResponse';

function attributeSpec(tag: string, type: AttributeNode): LiquidBlockSpec {
  return {
    tag,
    end: 'required',
    build(parsed: ParsedTag, children) {
      // `{% swagger src=… %}` is the OpenAPI block (openapi.ts).
      if (!children || (type === 'swagger' && attr(parsed, 'src') !== undefined)) return undefined;
      return { type, attributes: parsed.attributes, children: children as BlockContent[] };
    },
  };
}

const API_METHOD_TAGS = [
  'api-method',
  'api-method-summary',
  'api-method-description',
  'api-method-spec',
  'api-method-request',
  'api-method-response',
  'api-method-path-parameters',
  'api-method-query-parameters',
  'api-method-headers',
  'api-method-cookie-parameters',
  'api-method-body-parameters',
  'api-method-form-data-parameters',
  'api-method-parameter',
  'api-method-response-example',
  'api-method-response-example-description',
];

export const swagger: BlockModule = {
  specs: [
    attributeSpec('swagger', 'swagger'),
    {
      tag: 'swagger-description',
      end: 'required',
      build: (_tag, children) => (children ? { type: 'swaggerDescription', children: children as BlockContent[] } : undefined),
    },
    attributeSpec('swagger-parameter', 'swaggerParameter'),
    attributeSpec('swagger-response', 'swaggerResponse'),
    ...API_METHOD_TAGS.map(
      (tag): LiquidBlockSpec => ({
        tag,
        end: 'required',
        build: (parsed, children) => (children ? { type: 'apiMethod', tag, attributes: parsed.attributes, children: children as BlockContent[] } : undefined),
      }),
    ),
  ],
  handlers: {
    swagger: (node: Swagger, _p, state, info) => wrapFlow(formatTag('swagger', node.attributes), endTag('swagger'), node, state, info),
    swaggerDescription: (node: SwaggerDescription, _p, state, info) =>
      wrapFlow(formatTag('swagger-description'), endTag('swagger-description'), node, state, info),
    swaggerParameter: (node: SwaggerParameter, _p, state, info) =>
      wrapFlow(formatTag('swagger-parameter', node.attributes), endTag('swagger-parameter'), node, state, info),
    swaggerResponse: (node: SwaggerResponse, _p, state, info) =>
      wrapFlow(formatTag('swagger-response', node.attributes), endTag('swagger-response'), node, state, info),
    apiMethod: (node: ApiMethod, _p, state, info) => wrapFlow(formatTag(node.tag, node.attributes), endTag(node.tag), node, state, info),
  },
};
