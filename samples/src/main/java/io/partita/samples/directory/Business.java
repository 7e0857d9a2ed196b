package io.partita.samples.directory;

import io.partita.annotations.Gsi;
import io.partita.annotations.GsiKey;
import io.partita.annotations.KeyRole;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.Projection;
import io.partita.annotations.Table;

/**
 * A business listing (seed {@code 003}, the directory example). {@code ByLocation}: partition key BusinessType,
 * and a multi-attribute sort key Country, State, City — each part its own attribute — so one index answers
 * "by country", "by country and state" and "by country, state and city".
 */
@Table(name = "BusinessDirectory")
@Gsi(
        name = "ByLocation",
        projection = Projection.INCLUDE,
        include = {"name", "phone"})
public record Business(
        @PartitionKey String businessId,
        @GsiKey(index = "ByLocation") String businessType,

        @GsiKey(index = "ByLocation", role = KeyRole.SORT, order = 0)
        String country,

        @GsiKey(index = "ByLocation", role = KeyRole.SORT, order = 1)
        String state,

        @GsiKey(index = "ByLocation", role = KeyRole.SORT, order = 2)
        String city,

        String name,
        String phone,
        String address) {}
