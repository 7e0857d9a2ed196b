package io.partita.samples.kotlin

import io.partita.Partita
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

/** A Kotlin sealed shared-table type: the item collection comes back as Any, cast once, then an exhaustive when. */
class ShopItemsTest {
    @Test
    fun `a user's item collection through an exhaustive when`() {
        Partita.inMemory().use { db ->
            UserRepository.of(db).put(User("ada", "Ada Lovelace"))
            OrderRepository.of(db).put(Order("ada", "o-1", 4_500))
            OrderRepository.of(db).put(Order("bob", "o-2", 990))

            assertThat(ShopItems(db).userPage("ada")).containsExactly("order o-1: 4500 cents", "user Ada Lovelace")
            // what kapt's stub makes of `sealed interface ShopItem`: an open interface, so the query's type is Object
            val collection: List<Any> = ShopItemRepository.of(db).userCollection("ada").list()
            assertThat(collection).hasSize(2)
        }
    }
}
