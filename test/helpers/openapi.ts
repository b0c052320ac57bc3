// Small OpenAPI documents for the API and site tests, and the path of the real one in @gitbook/api.
import { fileURLToPath } from 'node:url';

export const GITBOOK_SPEC_PATH = fileURLToPath(new URL('../../node_modules/@gitbook/api/spec/openapi.json', import.meta.url));

/** OpenAPI 3.0 in YAML: two tags (one nested with x-parent), parameters, a request body, responses, a recursive schema. */
export const PETSTORE_YAML = `openapi: 3.0.3
info:
  title: Petstore
  version: 1.0.0
  description: Pets for **everyone**.
servers:
  - url: https://api.petstore.test/v1
tags:
  - name: pets
    x-page-title: Pets
    description: Everything about your *pets*.
  - name: toys
    x-parent: pets
    description: What pets play with.
paths:
  /pets:
    get:
      tags: [pets]
      summary: List pets
      operationId: listPets
      description: Returns the pets, newest first.
      parameters:
        - name: limit
          in: query
          description: How many to return.
          schema: { type: integer, maximum: 100, default: 20 }
        - name: X-Trace
          in: header
          schema: { type: string }
      responses:
        "200":
          description: A page of pets.
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Pet' }
        default:
          $ref: '#/components/responses/Error'
    post:
      tags: [pets]
      summary: Create a pet
      operationId: createPet
      security: [{ apiKey: [] }]
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/NewPet' }
            example: { name: Rex, kind: dog }
      responses:
        "201":
          description: The new pet.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
  /pets/{petId}:
    parameters:
      - name: petId
        in: path
        required: true
        description: The pet's id.
        schema: { type: string, format: uuid }
    delete:
      tags: [pets]
      summary: Delete a pet
      deprecated: true
      responses:
        "204": { description: Deleted. }
  /toys:
    get:
      tags: [toys]
      summary: List toys
      responses:
        "200":
          description: Toys.
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Toy' }
  /health:
    get:
      summary: Health check
      responses:
        "200": { description: Up. }
components:
  securitySchemes:
    apiKey: { type: apiKey, in: header, name: X-Api-Key }
  responses:
    Error:
      description: Something went wrong.
      content:
        application/json:
          schema: { $ref: '#/components/schemas/Error' }
  schemas:
    NewPet:
      type: object
      required: [name, kind]
      properties:
        name: { type: string, description: The pet's name., example: Rex }
        kind: { type: string, enum: [dog, cat, fish] }
    Pet:
      allOf:
        - $ref: '#/components/schemas/NewPet'
        - type: object
          required: [id]
          properties:
            id: { type: string, format: uuid, readOnly: true }
            friends:
              type: array
              description: Other pets this one likes.
              items: { $ref: '#/components/schemas/Pet' }
            owner:
              oneOf:
                - { type: string, title: Owner id }
                - { type: object, title: Owner, properties: { name: { type: string } } }
    Toy:
      type: object
      properties:
        name: { type: string }
        squeaks: { type: boolean, default: true }
    Error:
      type: object
      properties:
        code: { type: integer, example: 404 }
        message: { type: string }
`;

/** Swagger 2.0 in JSON: a body parameter, form data, definitions and response examples. */
export const SWAGGER_JSON = JSON.stringify(
  {
    swagger: '2.0',
    info: { title: 'Legacy store', version: '2' },
    host: 'legacy.example.test',
    basePath: '/api',
    schemes: ['https'],
    tags: [{ name: 'orders', description: 'Orders placed.' }],
    paths: {
      '/orders': {
        post: {
          tags: ['orders'],
          summary: 'Place an order',
          consumes: ['application/json'],
          produces: ['application/json'],
          parameters: [
            { name: 'order', in: 'body', required: true, schema: { $ref: '#/definitions/Order' } },
            { name: 'dryRun', in: 'query', type: 'boolean', description: 'Check only.' },
          ],
          responses: {
            '200': { description: 'Placed.', schema: { $ref: '#/definitions/Order' }, examples: { 'application/json': { id: 7, quantity: 2 } } },
            '400': { description: 'Invalid order.' },
          },
        },
      },
      '/orders/{id}/note': {
        put: {
          tags: ['orders'],
          summary: 'Attach a note',
          consumes: ['application/x-www-form-urlencoded'],
          parameters: [
            { name: 'id', in: 'path', required: true, type: 'integer' },
            { name: 'note', in: 'formData', required: true, type: 'string', description: 'The text.' },
          ],
          responses: { '204': { description: 'Attached.' } },
        },
      },
    },
    definitions: {
      Order: {
        type: 'object',
        required: ['quantity'],
        properties: {
          id: { type: 'integer', readOnly: true },
          quantity: { type: 'integer', minimum: 1 },
          status: { type: 'string', enum: ['placed', 'shipped'] },
        },
      },
    },
  },
  null,
  2,
);

/** A schema error: the response on line 9 has `descriptionx` instead of `description`. */
export const BROKEN_YAML = `openapi: 3.0.3
info:
  title: Broken
  version: "1"
paths:
  /pets:
    get:
      responses:
        "200":
          descriptionx: ok
`;
