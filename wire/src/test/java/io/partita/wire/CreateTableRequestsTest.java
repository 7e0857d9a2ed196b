package io.partita.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import org.junit.jupiter.api.Test;

/** The CreateTable request as a CLI input file: the layout the processor's and the runtime's files share. */
class CreateTableRequestsTest {
    @Test
    void printsTwoSpaceIndentedMembersAndElementsOneALineWithNewlines() {
        TableDefinition table = TableDefinition.builder("T")
                .partitionKey(KeyAttribute.s("pk"))
                .globalSecondaryIndex("ByN", KeyAttribute.n("n"), null, Projection.include("a"))
                .build();
        String json = CreateTableRequests.print(table, CreateTableRequests.keyAttributeUses(table));
        assertThat(json).isEqualTo("""
                {
                  "TableName": "T",
                  "AttributeDefinitions": [
                    {
                      "AttributeName": "pk",
                      "AttributeType": "S"
                    },
                    {
                      "AttributeName": "n",
                      "AttributeType": "N"
                    }
                  ],
                  "KeySchema": [
                    {
                      "AttributeName": "pk",
                      "KeyType": "HASH"
                    }
                  ],
                  "GlobalSecondaryIndexes": [
                    {
                      "IndexName": "ByN",
                      "KeySchema": [
                        {
                          "AttributeName": "n",
                          "KeyType": "HASH"
                        }
                      ],
                      "Projection": {
                        "ProjectionType": "INCLUDE",
                        "NonKeyAttributes": [
                          "a"
                        ]
                      }
                    }
                  ],
                  "BillingMode": "PAY_PER_REQUEST"
                }""");
    }

    @Test
    void emptyContainersPrintWithoutInnerSpace() {
        String json = Wire.pretty(g -> {
            g.writeStartObject();
            g.writeArrayFieldStart("L");
            g.writeEndArray();
            g.writeObjectFieldStart("M");
            g.writeEndObject();
            g.writeEndObject();
        });
        assertThat(json).isEqualTo("{\n  \"L\": [],\n  \"M\": {}\n}");
    }
}
